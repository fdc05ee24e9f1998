import type { RpcClient } from '@yv/chain';
import { ensureIndexerState, recordChainHead, type Pool } from '@yv/db';
import { decodeRange } from '../decode';
import type { RangeFetcher } from '../fetch';
import type { IndexerMetrics } from '../metrics';
import { isLinked, rewindToAncestor } from '../reconcile';
import { writeRange } from '../write';

/** What one step did; the loop switches on `type`, so every reorg path is visible in one place. */
export type StepResult =
  | {
      readonly type: 'batch';
      readonly from: bigint;
      readonly to: bigint;
      readonly events: number;
      readonly latest: bigint;
    }
  | { readonly type: 'idle'; readonly latest: bigint }
  | { readonly type: 'reorg'; readonly ancestor: bigint; readonly depth: bigint }
  | { readonly type: 'halted'; readonly reason: string };

export interface StepContext {
  pool: Pool;
  rpc: RpcClient;
  fetcher: RangeFetcher;
  metrics: IndexerMetrics;
  chainId: number;
  startBlock: bigint;
  confirmations: number;
  shareToken: string;
  redemptionPipe: string;
}

/** One pass: read the head, detect a reorg, else fetch → decode → write the next range. */
export async function step(ctx: StepContext): Promise<StepResult> {
  const state = await ensureIndexerState(ctx.pool, ctx.chainId, ctx.startBlock);
  if (state.haltedReason) return { type: 'halted', reason: state.haltedReason };
  const latest = await ctx.rpc.blockNumber();
  const confirmed = latest - BigInt(ctx.confirmations);
  await recordChainHead(ctx.pool, ctx.chainId, latest, confirmed);
  const cursor = state.cursorBlock;
  ctx.metrics.latestBlock.set(Number(latest));
  ctx.metrics.confirmedBlock.set(Number(confirmed));
  ctx.metrics.cursorBlock.set(Number(cursor));
  ctx.metrics.lagBlocks.set(Number(latest > cursor ? latest - cursor : 0n));

  const probe = cursor < latest ? cursor + 1n : latest;
  const [next] = await ctx.rpc.getBlocks([probe]);
  if (next && !(await isLinked({ pool: ctx.pool, chainId: ctx.chainId, cursor, next }))) {
    const outcome = await rewindToAncestor({ ...ctx, cursor });
    if (outcome.type === 'halted') return outcome;
    ctx.metrics.reorgs.inc();
    return { type: 'reorg', ancestor: outcome.ancestor, depth: outcome.depth };
  }
  if (cursor >= latest) return { type: 'idle', latest };

  const fetched = await ctx.fetcher.fetch(cursor + 1n, latest, confirmed);
  const decoded = decodeRange(fetched, {
    chainId: ctx.chainId,
    shareToken: ctx.shareToken,
    redemptionPipe: ctx.redemptionPipe,
  });
  const inserted = await writeRange({
    pool: ctx.pool,
    chainId: ctx.chainId,
    confirmations: ctx.confirmations,
    cursor,
    fetched,
    decoded,
  });
  let events = 0;
  for (const [type, count] of inserted) {
    ctx.metrics.eventsIndexed.inc({ type }, count);
    events += count;
  }
  ctx.metrics.cursorBlock.set(Number(fetched.to));
  ctx.metrics.lagBlocks.set(Number(latest - fetched.to));
  return { type: 'batch', from: fetched.from, to: fetched.to, events, latest };
}
