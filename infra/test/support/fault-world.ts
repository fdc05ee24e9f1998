import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forgetAnotherChain } from '../../../scripts/forget-another-chain';
import { createPartner } from '../../../services/gateway/src/admin/commands';
import {
  createKeeperSimulator,
  redisHeartbeatPublisher,
  startChain,
  startFixtureServer,
  writeDeployment,
  type FixtureServer,
  type KeeperSimulator,
  type RunningChain,
} from '../../../packages/devnet/src';
import {
  createTestDatabase,
  deployTestVault,
  freePort,
  startOwnPostgres,
  startOwnRedis,
  startTcpProxy,
  type OwnPostgres,
  type OwnRedis,
  type DevnetVault,
  type TcpProxy,
  type TestDatabase,
} from '../../../packages/testkit/src';
import { startReceiver, type Receiver } from '../../../services/webhook-worker/test/support/receiver';
import { startLaggingRpc, type LaggingRpc } from './lagging-rpc';
import { eventually, killIfRunning, startService, type RunningProcess } from './processes';

export const SERVICES = ['gateway', 'indexer', 'watcher', 'webhook-worker'] as const;
/** Blocks come this often besides the ones transactions make, so confirmations advance in well under a second. */
const BLOCK_INTERVAL_MS = 250;
export type ServiceName = (typeof SERVICES)[number];

/**
 * Everything a partner flow touches, as real processes on a chain of the world's own: the four services (spawned
 * the way their images run them), a PostgreSQL server and a redis-server of its own that can be stopped, a TCP
 * proxy in front of the RPC that can be cut, the keeper simulator, the HLP and bridge fixtures, and the partner's webhook receiver.
 */
export interface FaultWorld {
  chain: RunningChain;
  vault: DevnetVault;
  db: TestDatabase;
  redis: OwnRedis;
  rpcProxy: TcpProxy;
  /** Between the services and `rpcProxy`: makes their node look behind on demand. */
  lagging: LaggingRpc;
  /** The server `db` lives on, the world's own: stopping it is a real outage. */
  postgres: OwnPostgres;
  receiver: Receiver;
  gatewayUrl: string;
  apiKey: string;
  partnerId: string;
  services: Record<ServiceName, RunningProcess>;
  /** kill -9 of the service's process group. */
  kill(name: ServiceName): Promise<void>;
  /** Starts the service again with the same environment; resolves once it answers. */
  restart(name: ServiceName): Promise<void>;
  /**
   * Stops the devnet and starts a new one on the same port with the vault deployed again: a new chain at the same
   * addresses. The services keep running against it until `resetForNewChain`.
   */
  restartDevnet(): Promise<void>;
  /** What `pnpm stack` run again does for a new chain: services stopped, database emptied, partner made, started. */
  resetForNewChain(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultWorld(): Promise<FaultWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'yv-faults-'));
  const chainPort = await freePort();
  let chain = await startChain({ port: chainPort, blockIntervalMs: BLOCK_INTERVAL_MS });
  let vault = await deployTestVault(undefined, chain.rpcUrl);
  const postgres = await startOwnPostgres();
  const db = await createTestDatabase({ serverUrl: postgres.url });
  const redis = await startOwnRedis();
  const rpcProxy = await startTcpProxy(chain.rpcUrl);
  const lagging = await startLaggingRpc(rpcProxy.url);
  const fixture: FixtureServer = await startFixtureServer({ port: 0 });
  const receiver = await startReceiver();
  const deploymentFile = path.join(dir, 'deployment.json');
  writeDeployment(deploymentFile, vault.deployment);
  const newPartner = () => createPartner(db.pool, { name: 'fault-suite', webhookUrl: receiver.url });
  const heartbeats = redis.client();
  heartbeats.on('error', () => undefined);
  const stream = 'faults:keeper:heartbeats';
  const startKeeper = (): KeeperSimulator => {
    const simulator = createKeeperSimulator({
      keeper: vault.keeper,
      deployment: vault.deployment,
      publishHeartbeat: (hb) => redisHeartbeatPublisher(heartbeats, stream)(hb).catch(() => undefined),
    });
    simulator.start(1_000);
    return simulator;
  };
  let keeper = startKeeper();

  const gatewayPort = await freePort();
  const common = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    RPC_URL: lagging.url,
    DEPLOYMENT_FILE: deploymentFile,
    QUEUE_PREFIX: 'yvfaults',
    LOG_LEVEL: 'warn',
  };
  const env: Record<ServiceName, Record<string, string>> = {
    gateway: {
      ...common,
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
      BRIDGE_API_URL: fixture.bridgeUrl,
      CRON_SECRET: randomBytes(24).toString('hex'),
      ACTION_RECEIPT_POLL: '200ms',
    },
    indexer: { ...common, POLL_INTERVAL_MS: '200', CONFIRMATIONS: '2' },
    watcher: {
      ...common,
      HLP_API_URL: fixture.hlpUrl,
      KEEPER_HEARTBEAT_STREAM: stream,
      VAULT_SNAPSHOT_INTERVAL_MS: '1s',
      HEARTBEAT_BLOCK_MS: '500',
      LOCK_RETRY_MS: '500',
    },
    'webhook-worker': {
      ...common,
      WEBHOOK_TIMEOUT_MS: '3s',
      WEBHOOK_SWEEP_MS: '2s',
      OUTBOX_POLL_MS: '50ms',
      // The receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    },
  };
  const script = (name: ServiceName) => `services/${name}/src/main.ts`;
  const services = {} as Record<ServiceName, RunningProcess>;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const readyUrls = {} as Record<ServiceName, string>;
  const startOne = async (name: ServiceName) => {
    const metricsPort = await freePort();
    services[name] = await startService(script(name), { ...env[name], METRICS_PORT: String(metricsPort) });
    readyUrls[name] = name === 'gateway' ? `${gatewayUrl}/readyz` : `http://127.0.0.1:${metricsPort}/readyz`;
  };
  /**
   * Resolves once the service answers ready, as an orchestrator counts a restarted pod running: its boot (seconds of
   * module loading on a loaded machine) belongs to the fault, not to the recovery a row measures.
   */
  const ready = (name: ServiceName) =>
    eventually(name, async () => ((await fetch(readyUrls[name])).ok ? true : undefined), 60_000);
  for (const name of SERVICES) await startOne(name);
  for (const name of SERVICES) await ready(name);

  const world: FaultWorld = {
    chain,
    vault,
    db,
    redis,
    rpcProxy,
    lagging,
    postgres,
    receiver,
    gatewayUrl,
    ...(await newPartner().then((p) => ({ apiKey: p.apiKey, partnerId: p.partnerId }))),
    services,
    async kill(name) {
      await killIfRunning(services[name]);
    },
    async restart(name) {
      await startOne(name);
      await ready(name);
    },
    async restartDevnet() {
      await keeper.stop();
      vault.provider.destroy();
      await chain.stop();
      chain = await startChain({ port: chainPort, blockIntervalMs: BLOCK_INTERVAL_MS });
      vault = await deployTestVault(undefined, chain.rpcUrl);
      writeDeployment(deploymentFile, vault.deployment);
      keeper = startKeeper();
      Object.assign(world, { chain, vault });
    },
    async resetForNewChain() {
      for (const name of SERVICES) await killIfRunning(services[name]);
      const emptied = await forgetAnotherChain({
        databaseUrl: db.url,
        rpcUrl: chain.rpcUrl,
        chainId: vault.deployment.chainId,
      });
      if (!emptied) throw new Error('the stack reset did not find another chain in the database');
      const partner = await newPartner();
      Object.assign(world, { apiKey: partner.apiKey, partnerId: partner.partnerId });
      for (const name of SERVICES) await startOne(name);
      for (const name of SERVICES) await ready(name);
    },
    async close() {
      for (const name of SERVICES) await killIfRunning(services[name]);
      await keeper.stop();
      heartbeats.disconnect();
      await receiver.close();
      await fixture.close();
      await lagging.close();
      await rpcProxy.stop();
      await redis.stop();
      vault.provider.destroy();
      await db.drop();
      await postgres.remove();
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}
