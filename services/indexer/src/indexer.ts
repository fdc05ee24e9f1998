import { createActionWriter } from '@yv/actions';
import { createRpcClient, RpcError, vaultLayout, type JsonPoster, type RpcClient } from '@yv/chain';
import type { Deployment } from '@yv/config';
import { ADVISORY_LOCKS, openAdvisoryLockSession, recordRpcFailure, type Pool } from '@yv/db';
import { backoffMs, storedAddress } from '@yv/domain';
import { holdLeadership, sleep, type Log, type TermEnd } from '@yv/runtime';
import { sharePriceReader } from './actions/share-price';
import { tokenDecimalsReader } from './actions/token-decimals';
import { createRangeFetcher } from './fetch';
import { step, type StepResult } from './follow/step';
import { createIndexerMetrics, type IndexerMetrics } from './metrics';
import { CursorMovedError } from './write';

/** One JSON-RPC request's budget: an eth_getLogs of a wide range takes a while on a busy node. */
export const INDEXER_RPC_TIMEOUT_MS = 15_000;

/** The node: its URL, or the service's endpoint set (RPC_URLS), which the service closes. */
type IndexerRpc = { rpcUrl: string } | { transport: JsonPoster };

export type IndexerOptions = IndexerRpc & {
  pool: Pool;
  /** The database the writer lock's own connection goes to (the pool's database). */
  databaseUrl: string;
  deployment: Deployment;
  /** Blocks behind the head after which a block is final. Default 2. */
  confirmations?: number;
  /** Wait between polls once at the head, in ms. Default 500. */
  pollIntervalMs?: number;
  /** Widest eth_getLogs range in blocks. Default 2000. */
  maxBlockRange?: number;
  /** How often a waiting replica retries the writer lock, in ms. Default 1000. */
  lockRetryMs?: number;
  log?: Log;
  metrics?: IndexerMetrics;
};

export interface Indexer {
  /** Takes the writer lock (waiting for it) and follows the chain until stop(). */
  start(): void;
  /** Stops following, releases the lock; resolves when the loop has ended. */
  stop(): Promise<void>;
  /** One fetch → decode → reconcile → write pass, without the lock: for tests driving it step by step. */
  runOnce(): Promise<StepResult>;
  readonly metrics: IndexerMetrics;
  /** True while this instance holds the writer lock. */
  readonly isLeader: boolean;
}

export function createIndexer(options: IndexerOptions): Indexer {
  const log = options.log ?? (() => undefined);
  const metrics = options.metrics ?? createIndexerMetrics();
  const { deployment } = options;
  const confirmations = options.confirmations ?? 2;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  // A failing step waits twice the poll interval, doubling, at most 32 times it and never over 10 s.
  // Capped at 2 s: an RPC or database back after an outage is used within seconds (a failed step costs one call).
  const stepBackoff = { baseMs: 2 * pollIntervalMs, maxMs: Math.min(2_000, 32 * pollIntervalMs) };
  const rpc: RpcClient = createRpcClient({
    ...('transport' in options
      ? { transport: options.transport }
      : { rpcUrl: options.rpcUrl, timeoutMs: INDEXER_RPC_TIMEOUT_MS }),
    retry: { attempts: 4, baseDelayMs: 200, maxDelayMs: 3_000 },
    onError: (error) => metrics.rpcErrors.inc({ kind: error.kind }),
  });
  const contracts = deployment.contracts;
  const layout = vaultLayout(deployment);
  const fetcher = createRangeFetcher({
    rpc,
    addresses: layout.followedAddresses.map(storedAddress),
    topics: layout.followedTopics,
    maxRange: options.maxBlockRange ?? 2_000,
    decodeLogs: layout.decodeLogs,
  });
  const ctx = {
    pool: options.pool,
    rpc,
    fetcher,
    metrics,
    chainId: deployment.chainId,
    startBlock: BigInt(deployment.startBlock),
    confirmations,
    shareToken: storedAddress(contracts.share),
    redemptionPipe: storedAddress(layout.escrow),
    actions: {
      writer: createActionWriter({
        pool: options.pool,
        deployment,
        onTransition: (to) => metrics.actionMoves.inc({ status: to }),
      }),
      decimals: tokenDecimalsReader(rpc, { asset: contracts.usdc, share: contracts.share }),
      sharePriceAt: sharePriceReader(rpc, layout.calls.sharePrice()),
    },
  };

  let controller: AbortController | null = null;
  let loop: Promise<void> | null = null;
  let leader = false;

  /**
   * Steps until the term ends (stopped, or the lock lost), another writer shows up (resign), or the indexer halts.
   */
  async function follow(term: AbortSignal): Promise<TermEnd> {
    let failures = 0;
    while (!term.aborted) {
      let result: StepResult;
      try {
        result = await step(ctx);
        failures = 0;
      } catch (error) {
        failures++;
        if (error instanceof CursorMovedError) {
          log('error', 'another writer moved the cursor; giving up the lock', { error: error.message });
          return 'resign';
        }
        const message = (error as Error).message;
        if (error instanceof RpcError)
          await recordRpcFailure(options.pool, ctx.chainId, message).catch(() => undefined);
        log('warn', 'indexer step failed; retrying', { error: message, failures });
        await sleep(backoffMs(stepBackoff, failures - 1, Math.random()), term);
        continue;
      }
      switch (result.type) {
        case 'batch':
          log('debug', 'indexed range', { ...result });
          if (result.to >= result.latest) await sleep(pollIntervalMs, term);
          break;
        case 'reorg':
          log('warn', 'reorg: rewound to the common ancestor', { ...result });
          break;
        case 'idle':
          await sleep(pollIntervalMs, term);
          break;
        case 'halted':
          metrics.halted.set(1);
          log('error', 'INDEXER HALTED: an operator must look (the reason says why)', {
            reason: result.reason,
          });
          return 'halt';
      }
    }
  }

  /** One writer per chain among the replicas: the holder of the chain's advisory lock follows it. */
  const run = (stopped: AbortSignal): Promise<void> =>
    holdLeadership({
      what: 'writer lock',
      openSession: () =>
        openAdvisoryLockSession(options.databaseUrl, ADVISORY_LOCKS.indexer(ctx.chainId), 'yv-indexer-lock'),
      retryMs: options.lockRetryMs ?? 1_000,
      stopped,
      log,
      lead: follow,
      onLeader(leading) {
        leader = leading;
        metrics.leader.set(leading ? 1 : 0);
      },
    });

  return {
    metrics,
    get isLeader() {
      return leader;
    },
    runOnce: () => step(ctx),
    start() {
      if (loop) return;
      controller = new AbortController();
      loop = run(controller.signal);
    },
    async stop() {
      controller?.abort();
      await loop;
      loop = null;
      controller = null;
      rpc.close();
    },
  };
}
