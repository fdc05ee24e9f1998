import { setImmediate as ioTurn } from 'node:timers/promises';
import type { RpcClient } from '@yv/chain';
import { advanceActions, type AdvanceContext } from '../actions/advance';
import { ensureIndexerState, recordChainHead, type Pool } from '@yv/db';
import { decodeRange } from '../decode';
import type { RangeFetcher } from '../fetch';
import type { IndexerMetrics } from '../metrics';
import { anchorOf, checkIdentity } from '../identity';
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
      /** Partner actions moved on what is now indexed at the confirmation depth. */
      readonly actionsMoved: number;
    }
  | { readonly type: 'idle'; readonly latest: bigint; readonly actionsMoved: number }
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
  actions: Omit<AdvanceContext, 'pool' | 'chainId'>;
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** Moves actions on events at or below the final block: the cursor, but never above the confirmation depth. */
function advance(ctx: StepContext, cursor: bigint, confirmed: bigint): Promise<number> {
  const finalBlock = min(cursor, confirmed);
  if (finalBlock < ctx.startBlock) return Promise.resolve(0);
  return advanceActions({ ...ctx.actions, pool: ctx.pool, chainId: ctx.chainId }, finalBlock);
}

/**
 * One pass: read the head and check the node still serves the indexed chain, detect a reorg, else fetch → decode → write the next range; then move the partner
 * actions that what is now final supports (also when idle: the gateway may confirm an action after its block).
 */
export async function step(ctx: StepContext): Promise<StepResult> {
  const state = await ensureIndexerState(ctx.pool, ctx.chainId, ctx.startBlock);
  if (state.haltedReason) return { type: 'halted', reason: state.haltedReason };
  const cursor = state.cursorBlock;
  const anchor = await anchorOf(ctx, state);
  const {
    latest,
    chainId: nodeChainId,
    blocks: [afterCursor, anchorHeader],
  } = await ctx.rpc.chainView([cursor + 1n, anchor.block]);
  const anotherChain = await checkIdentity(ctx, { nodeChainId, anchor, header: anchorHeader ?? null });
  if (anotherChain) return { type: 'halted', reason: anotherChain };
  const confirmed = latest - BigInt(ctx.confirmations);
  await recordChainHead(ctx.pool, ctx.chainId, latest, confirmed);
  ctx.metrics.latestBlock.set(Number(latest));
  ctx.metrics.confirmedBlock.set(Number(confirmed));
  ctx.metrics.cursorBlock.set(Number(cursor));
  ctx.metrics.lagBlocks.set(Number(latest > cursor ? latest - cursor : 0n));

  // The reorg probe: the block after the cursor (fetched with the head) while behind the head, else the head.
  const next = cursor < latest ? afterCursor : (await ctx.rpc.getBlocks([latest]))[0];
  if (next && !(await isLinked({ pool: ctx.pool, chainId: ctx.chainId, cursor, next }))) {
    const outcome = await rewindToAncestor({ ...ctx, cursor });
    if (outcome.type === 'halted') return outcome;
    if (outcome.type === 'relinked') return { type: 'idle', latest, actionsMoved: 0 };
    ctx.metrics.reorgs.inc();
    return { type: 'reorg', ancestor: outcome.ancestor, depth: outcome.depth };
  }
  if (cursor >= latest) return { type: 'idle', latest, actionsMoved: await advance(ctx, cursor, confirmed) };

  const fetched = await ctx.fetcher.fetch(cursor + 1n, latest, confirmed, next ?? undefined);
  // Pipelining: the node answers for the next range while this one is decoded and written; the request goes out
  // before that work starts. A failed prefetch (an RPC or decode error) is dropped: the next step's own fetch meets
  // it again and reports it.
  if (fetched.to < latest) {
    void ctx.fetcher.prefetch(fetched.to + 1n, latest, confirmed);
    await ioTurn();
  }
  const inserted = await writeRange({
    pool: ctx.pool,
    chainId: ctx.chainId,
    confirmations: ctx.confirmations,
    cursor,
    fetched,
    decoded: decodeRange(fetched, ctx),
  });
  let events = 0;
  for (const [type, count] of inserted) {
    ctx.metrics.eventsIndexed.inc({ type }, count);
    events += count;
  }
  ctx.metrics.cursorBlock.set(Number(fetched.to));
  ctx.metrics.lagBlocks.set(Number(latest - fetched.to));
  const actionsMoved = await advance(ctx, fetched.to, confirmed);
  return { type: 'batch', from: fetched.from, to: fetched.to, events, latest, actionsMoved };
}
