import type { Result, Signer } from 'ethers';
import {
  createRpcClient,
  readViews,
  vaultDriver,
  vaultLayout,
  type DecodedLog,
  type RawLog,
  type RpcClient,
} from '@yv/chain';
import { MockUSDC__factory } from '@yv/contracts';
import { getIndexerState, type Pool } from '@yv/db';
import { storedAddress } from '@yv/domain';
import type { DevnetVault } from '@yv/testkit';
import { createRangeFetcher } from '../src/fetch';
import { createIndexer, type Indexer, type IndexerOptions } from '../src/indexer';
import type { StepResult } from '../src/follow/step';

export const USDC = 10n ** 6n;

/** The ERC-20s (USDC and the share token) and the vault calls of `runner`, on either layout. */
export function contractsOf(v: DevnetVault, runner: Signer) {
  const c = v.deployment.contracts;
  return {
    usdc: MockUSDC__factory.connect(c.usdc, runner),
    share: MockUSDC__factory.connect(c.share, runner),
    vault: vaultDriver(vaultLayout(v.deployment), runner),
  };
}

/** A redemption as the layout's getRedemption answers it, with its request time. */
export async function onChainRedemption(v: DevnetVault, id: bigint) {
  const layout = vaultLayout(v.deployment);
  const { r } = await readViews(v.provider, v.deployment.contracts.multicall3, {
    r: layout.redemptionView(id),
  });
  return { ...layout.toRedemption(id, r), requestedAt: (r[0] as Result).requestedAt as bigint };
}

/** Sends a transaction and waits for it; returns its block number. */
export async function mined(
  tx: Promise<{ wait(): Promise<{ blockNumber: number } | null> }>,
): Promise<number> {
  const receipt = await (await tx).wait();
  return receipt!.blockNumber;
}

export async function deposit(v: DevnetVault, wallet: Signer, assets: bigint): Promise<number> {
  return (await contractsOf(v, wallet).vault.approveAndDeposit(assets)).blockNumber;
}

export function testIndexer(
  v: DevnetVault,
  db: { pool: Pool; url: string },
  extra: Partial<IndexerOptions> = {},
): Indexer {
  return createIndexer({
    pool: db.pool,
    databaseUrl: db.url,
    rpcUrl: v.rpcUrl,
    deployment: v.deployment,
    confirmations: 0,
    pollIntervalMs: 100,
    lockRetryMs: 200,
    ...extra,
  });
}

/** Steps until the cursor reaches `block` and the indexer is idle; returns every step's result. */
export async function syncTo(
  indexer: Indexer,
  pool: Pool,
  chainId: number,
  block: number,
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (let i = 0; i < 500; i++) {
    const result = await indexer.runOnce();
    results.push(result);
    if (result.type === 'halted') throw new Error(`halted: ${result.reason}`);
    const state = await getIndexerState(pool, chainId);
    if (result.type === 'idle' && state!.cursorBlock >= BigInt(block)) return results;
    if (result.type === 'idle') await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`indexer did not reach block ${block}`);
}

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

/** Faults a test puts between the fetcher and the devnet: a client wrapped around the real one, another decoder. */
export interface Faults {
  rpc?: (real: RpcClient) => RpcClient;
  decodeLogs?: (logs: readonly RawLog[]) => DecodedLog[];
}

/** The indexer's range fetcher on `v`'s followed logs, with its own RPC client (to close) and log filter. */
export function rangeFetcherOf(v: DevnetVault, targetLogs: number, maxRange = 1_000, faults: Faults = {}) {
  const rpc = createRpcClient({ rpcUrl: v.rpcUrl, timeoutMs: 15_000 });
  const layout = vaultLayout(v.deployment);
  const addresses = layout.followedAddresses.map(storedAddress);
  const topics = layout.followedTopics;
  return {
    rpc,
    /** The fetcher's own log filter, to ask the node for a range's logs directly. */
    filter: { address: addresses, topic0: topics },
    fetcher: createRangeFetcher({
      rpc: faults.rpc ? faults.rpc(rpc) : rpc,
      addresses,
      topics,
      maxRange,
      decodeLogs: faults.decodeLogs ?? layout.decodeLogs,
      targetLogs,
    }),
  };
}
