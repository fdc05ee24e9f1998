import {
  insertOutboxEvent,
  listActionProgress,
  listRedemptionActivity,
  lockPartnerAction,
  updatePartnerAction,
  withTransaction,
  type ActionProgressRow,
  type PartnerActionChanges,
  type Pool,
  type PoolClient,
} from '@yv/db';
import {
  foldRedemptionUntil,
  nextIndexerStatus,
  redemptionEventOf,
  redemptionStatusAfter,
  redemptionStatusOf,
  toPartnerActionJson,
  toRedeemJson,
  transition,
  type ActionDeployment,
  type ActionEvidence,
} from '@yv/domain';
import type { TokenDecimals } from './token-decimals';

type ActionKind = ActionEvidence['action'];
type PartnerActionStatus = ActionEvidence['status'];

export interface AdvanceContext {
  pool: Pool;
  chainId: number;
  deployment: ActionDeployment;
  decimals: () => Promise<TokenDecimals>;
  /** Called once per committed move, for metrics. */
  onMove?: (to: PartnerActionStatus) => void;
}

/** Actions looked at per sweep; the rest wait for the next step. */
const SWEEP_LIMIT = 500;

/**
 * Moves partner actions on what the index holds at `finalBlock` (the cursor, capped at the confirmation depth).
 * Driven by stored state, not by the range just written: an action the gateway confirms after its block was
 * indexed still moves, a crash between moves loses nothing (the next sweep finds the same evidence), and the
 * status check under the row lock means no move is made twice.
 * @returns the number of moves made.
 */
export async function advanceActions(ctx: AdvanceContext, finalBlock: bigint): Promise<number> {
  const rows = await listActionProgress(ctx.pool, {
    chainId: ctx.chainId,
    finalBlock,
    limit: SWEEP_LIMIT,
  });
  let moves = 0;
  for (const row of rows) {
    let evidence: ActionEvidence = {
      action: row.action as ActionKind,
      status: row.status as PartnerActionStatus,
      txIndexed: row.txIndexed,
      redemption: redemptionStatusAfter(row.redemptionLastType),
    };
    for (let to = nextIndexerStatus(evidence); to; to = nextIndexerStatus(evidence)) {
      if (!(await moveAction(ctx, row, evidence.status, to, finalBlock))) break;
      ctx.onMove?.(to);
      moves++;
      evidence = { ...evidence, status: to };
    }
  }
  return moves;
}

/**
 * One move in one transaction: lock the action, check it is still where the sweep saw it, change it, and append
 * its `action.updated` event (and `redeem.updated` when the move is a change of the redemption it created).
 * @returns false when the action had moved meanwhile (nothing written).
 */
async function moveAction(
  ctx: AdvanceContext,
  row: ActionProgressRow,
  from: PartnerActionStatus,
  to: PartnerActionStatus,
  finalBlock: bigint,
): Promise<boolean> {
  const decimals = await ctx.decimals();
  return withTransaction(ctx.pool, async (tx) => {
    const current = await lockPartnerAction(tx, row.id);
    if (!current || current.status !== from) return false;
    const kind = current.action as ActionKind;
    const changes: PartnerActionChanges = { status: transition(kind, from, to) };
    if (to === 'indexed') {
      changes.indexedAt = new Date();
      changes.indexingPending = false;
      if (kind === 'redeem_async' && current.redeemId === null && row.requestedRedeemId !== null)
        changes.redeemId = row.requestedRedeemId.toString();
    }
    const updated = (await updatePartnerAction(tx, row.id, changes))!;
    await insertOutboxEvent(tx, {
      type: 'action.updated',
      aggregateId: updated.id,
      partnerId: updated.partnerId,
      payload: toPartnerActionJson(updated, ctx.deployment),
    });
    const redemptionStatus = kind === 'redeem_async' ? redemptionStatusOf(to) : null;
    if (redemptionStatus && row.redeemId !== null) {
      const record = await finalRedemption(tx, ctx.chainId, row.redeemId, finalBlock, redemptionStatus);
      // The creating action's row lock (held) orders every event of this redemption: one sequence, no race.
      await insertOutboxEvent(tx, {
        type: 'redeem.updated',
        aggregateId: row.redeemId.toString(),
        partnerId: updated.partnerId,
        payload: toRedeemJson(record, decimals),
      });
    }
    return true;
  });
}

/** The redemption as its final events first made it `status`: what the move's webhook reports. */
async function finalRedemption(
  tx: PoolClient,
  chainId: number,
  redeemId: bigint,
  finalBlock: bigint,
  status: NonNullable<ReturnType<typeof redemptionStatusOf>>,
) {
  const events = (await listRedemptionActivity(tx, chainId, [redeemId])).filter(
    (e) => e.blockNumber <= finalBlock,
  );
  const record = foldRedemptionUntil(
    events.map((e) => ({
      event: redemptionEventOf(e),
      place: { txHash: e.txHash, blockTimestamp: e.blockTimestamp },
    })),
    status,
  );
  // The move was chosen on these same final events; a record that never reaches the status is a bug, not a state.
  if (!record) throw new Error(`redemption ${redeemId} never reached ${status} in its final events`);
  return record;
}
