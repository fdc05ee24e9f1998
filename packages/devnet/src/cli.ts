/**
 * `pnpm devnet`: chain 999 on 127.0.0.1:8545, the vault deployed and wired, accounts 2-9 funded with
 * 1,000,000 USDC, .devnet/deployment.json written, the HLP and bridge fixtures on :8546 and the keeper simulator
 * running. A second `pnpm devnet` finds the running one, says where it is, and exits 0.
 */
import { existsSync } from 'node:fs';
import { JsonRpcProvider } from 'ethers';
import Redis from 'ioredis';
import { readDeployment } from '@yv/config';
import { defaultAccounts, DEVNET_CHAIN_ID } from './accounts';
import { startChain } from './chain';
import { loadDevnetConfig } from './config';
import { deployVault, USDC, writeDeployment } from './deploy';
import { startFixtureServer } from './fixtures';
import { redisHeartbeatPublisher } from './heartbeat';
import { createKeeperSimulator } from './keeper';

const log = (msg: string) => console.log(`[devnet] ${msg}`);

async function deploymentIsLive(provider: JsonRpcProvider, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  try {
    const deployment = readDeployment(file);
    return (await provider.getCode(deployment.contracts.core)) !== '0x';
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const config = loadDevnetConfig(process.env);
  const chain = await startChain({
    host: config.DEVNET_HOST,
    port: config.DEVNET_PORT,
    blockIntervalMs: config.DEVNET_BLOCK_INTERVAL_MS,
  });
  const provider = new JsonRpcProvider(chain.rpcUrl, DEVNET_CHAIN_ID, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  provider.pollingInterval = 250;

  if (!chain.startedHere && (await deploymentIsLive(provider, config.DEPLOYMENT_FILE))) {
    log(`already running at ${chain.rpcUrl}; deployment: ${config.DEPLOYMENT_FILE}`);
    provider.destroy();
    return;
  }

  const accounts = defaultAccounts(provider);
  const deployment = await deployVault({
    provider,
    deployer: accounts.deployer,
    keeper: accounts.keeper.address,
    contractVersion: config.DEVNET_CONTRACT_VERSION,
    fund: { wallets: accounts.wallets.map((w) => w.address), amount: 1_000_000n * USDC },
  });
  writeDeployment(config.DEPLOYMENT_FILE, { ...deployment, rpcUrl: chain.rpcUrl });

  const fixtures = await startFixtureServer({ host: config.DEVNET_HOST, port: config.FIXTURES_PORT });
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const keeper = createKeeperSimulator({
    keeper: accounts.keeper,
    deployment,
    bufferBps: BigInt(config.KEEPER_BUFFER_BPS),
    yieldAprBps: BigInt(config.KEEPER_YIELD_APR_BPS),
    publishHeartbeat: redisHeartbeatPublisher(redis, config.KEEPER_HEARTBEAT_STREAM),
  });
  keeper.start(config.KEEPER_INTERVAL_MS);

  log(`chain 999 at ${chain.rpcUrl} (block interval ${config.DEVNET_BLOCK_INTERVAL_MS} ms)`);
  log(`deployment written to ${config.DEPLOYMENT_FILE} (start block ${deployment.startBlock})`);
  for (const [name, address] of Object.entries(deployment.contracts)) log(`  ${name.padEnd(15)} ${address}`);
  log(
    `test wallets (accounts 2-9, 1,000,000 USDC each): ${accounts.wallets.map((w) => w.address).join(', ')}`,
  );
  log(`HLP upstream fixture: ${fixtures.hlpUrl}   bridge fixture: ${fixtures.bridgeUrl}`);
  log(
    `keeper simulator every ${config.KEEPER_INTERVAL_MS} ms, heartbeats on Redis stream ${config.KEEPER_HEARTBEAT_STREAM}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    await keeper.stop();
    await fixtures.close();
    redis.disconnect();
    provider.destroy();
    await chain.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error('[devnet] failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
