/**
 * What tests need of the devnet: where the test run's chain and Redis are (the root jest config's globalSetup,
 * in @yv/testkit, starts the chain), and a vault of each test file's own on that chain.
 */
import { JsonRpcProvider } from 'ethers';
import type { ContractVersion } from '@yv/config';
import type { Deployment } from '@yv/config';
import { DEVNET_CHAIN_ID, workerAccounts, type AccountSet } from './accounts';
import { deployVault, USDC, type VaultParams } from './deploy';

/** RPC of the chain the jest global setup started (or found) for this run. */
export function testRpcUrl(): string {
  const url = process.env.TEST_RPC_URL;
  if (!url)
    throw new Error(
      'TEST_RPC_URL is not set: run tests through the root jest config (its globalSetup starts the devnet)',
    );
  return url;
}

/** The Redis tests use: TEST_REDIS_URL, default the local Redis. */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
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

export interface TestVaultOptions {
  /** Pins the contract layout; default DEVNET_CONTRACT_VERSION, else svc-pipe-v2. */
  contractVersion?: ContractVersion;
}

/**
 * A vault of this test file's own on the shared devnet, deployed by this jest worker's accounts: files never
 * see each other's state, and parallel workers never share a nonce. The layout is DEVNET_CONTRACT_VERSION's
 * (default svc-pipe-v2) unless the options pin one.
 */
export async function deployTestVault(
  params?: Partial<VaultParams>,
  rpcUrl = testRpcUrl(),
  opts: TestVaultOptions = {},
): Promise<DevnetVault> {
  const provider = testProvider(rpcUrl);
  const accounts = workerAccounts(Number(process.env.JEST_WORKER_ID ?? '1'), provider);
  const deployment = await deployVault({
    provider,
    deployer: accounts.deployer,
    keeper: accounts.keeper.address,
    params,
    fund: { wallets: accounts.wallets.map((w) => w.address), amount: WALLET_FUNDING },
    ...(opts.contractVersion ? { contractVersion: opts.contractVersion } : {}),
  });
  return { rpcUrl, provider, deployment, ...accounts };
}

/**
 * jest: deploys in beforeAll, destroys the provider in afterAll; fields are filled once beforeAll ran.
 * v3-only tests pin their layout: `useDevnetVault(params, { contractVersion: 'svc-vault-v3' })`.
 */
export function useDevnetVault(params?: Partial<VaultParams>, opts: TestVaultOptions = {}): DevnetVault {
  const ctx = {} as DevnetVault;
  beforeAll(async () => {
    Object.assign(ctx, await deployTestVault(params, undefined, opts));
  });
  afterAll(() => ctx.provider?.destroy());
  return ctx;
}
