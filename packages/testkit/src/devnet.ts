import { JsonRpcProvider } from 'ethers';
import type { Deployment } from '@yv/config';
import { decodeRevert } from '@yv/chain';
import {
  DEVNET_CHAIN_ID,
  deployVault,
  startChain,
  USDC,
  workerAccounts,
  type AccountSet,
  type RunningChain,
  type VaultParams,
} from '@yv/devnet';
import { freePort } from './ports';

/** RPC of the chain the jest global setup started (or found) for this run. */
export function testRpcUrl(): string {
  const url = process.env.TEST_RPC_URL;
  if (!url)
    throw new Error(
      'TEST_RPC_URL is not set: run tests through the root jest config (its globalSetup starts the devnet)',
    );
  return url;
}

export function testProvider(rpcUrl = testRpcUrl()): JsonRpcProvider {
  const provider = new JsonRpcProvider(rpcUrl, DEVNET_CHAIN_ID, {
    staticNetwork: true,
    batchMaxCount: 1,
    // ethers caches identical calls for 250 ms, which hands back-to-back transactions the same pending nonce.
    cacheTimeout: -1,
  });
  provider.pollingInterval = 100;
  return provider;
}

export interface DevnetVault extends AccountSet {
  rpcUrl: string;
  provider: JsonRpcProvider;
  deployment: Deployment;
}

export const WALLET_FUNDING = 1_000_000n * USDC;

/**
 * A vault of this test file's own on the shared devnet, deployed by this jest worker's accounts: files never
 * see each other's state, and parallel workers never share a nonce.
 */
export async function deployTestVault(
  params?: Partial<VaultParams>,
  rpcUrl = testRpcUrl(),
): Promise<DevnetVault> {
  const provider = testProvider(rpcUrl);
  const accounts = workerAccounts(Number(process.env.JEST_WORKER_ID ?? '1'), provider);
  const deployment = await deployVault({
    provider,
    deployer: accounts.deployer,
    keeper: accounts.keeper.address,
    params,
    fund: { wallets: accounts.wallets.map((w) => w.address), amount: WALLET_FUNDING },
  });
  return { rpcUrl, provider, deployment, ...accounts };
}

/** jest: deploys in beforeAll, destroys the provider in afterAll; fields are filled once beforeAll ran. */
export function useDevnetVault(params?: Partial<VaultParams>): DevnetVault {
  const ctx = {} as DevnetVault;
  beforeAll(async () => {
    Object.assign(ctx, await deployTestVault(params));
  });
  afterAll(() => ctx.provider?.destroy());
  return ctx;
}

/**
 * Like useDevnetVault, on a chain of this file's own. For tests that rewind history (evm_snapshot / evm_revert,
 * reorgs): on the shared chain a revert would also undo other files' transactions.
 */
export function usePrivateDevnetVault(
  params?: Partial<VaultParams>,
  opts: {
    /** 0 turns interval mining off: blocks come only from transactions and evm_mine, so depths are exact. */
    blockIntervalMs?: number;
  } = {},
): DevnetVault {
  const ctx = {} as DevnetVault;
  let chain: RunningChain | undefined;
  beforeAll(async () => {
    chain = await startChain({ port: await freePort(), blockIntervalMs: opts.blockIntervalMs ?? 1000 });
    Object.assign(ctx, await deployTestVault(params, chain.rpcUrl));
  });
  afterAll(async () => {
    ctx.provider?.destroy();
    await chain?.stop();
  });
  return ctx;
}

/** Awaits a contract call or transaction expected to revert, and returns the decoded custom error's name. */
export async function revertName(action: Promise<unknown>): Promise<string> {
  try {
    const result = await action;
    const maybeTx = result as { wait?: () => Promise<unknown> };
    if (typeof maybeTx?.wait === 'function') await maybeTx.wait();
  } catch (err) {
    const decoded = decodeRevert(err);
    if (!decoded) throw err;
    return decoded.name;
  }
  throw new Error('expected a revert, but the call succeeded');
}
