import type { ActionWriter, RelatedEvents } from '@yv/actions';
import {
  listActionProgress,
  listRedemptionActivity,
  type ActionProgressRow,
  type Pool,
  type PoolClient,
} from '@yv/db';
import {
  foldRedemptionUntil,
  nextIndexerStatus,
  redemptionEventOf,
  redemptionStatusAfter,
  redemptionStatusOf,
  toRedeemJson,
  type ActionEvidence,
  type RedemptionStatus,
} from '@yv/domain';
import type { PartnerActionStatus } from '@yv/schemas';
import type { TokenDecimals } from './token-decimals';

export interface AdvanceContext {
  pool: Pool;
  chainId: number;
  /** The one writer of partner actions; its onTransition counts the moves. */
  writer: ActionWriter;
  decimals: () => Promise<TokenDecimals>;
  /** The vault's share price at a block (sharePriceReader): what a pending redemption is valued at. */
  sharePriceAt: (block: bigint) => Promise<bigint>;
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
      action: row.action,
      status: row.status,
      txIndexed: row.txIndexed,
      redemption: redemptionStatusAfter(row.redemptionLastType),
    };
    for (let to = nextIndexerStatus(evidence); to; to = nextIndexerStatus(evidence)) {
      if (!(await moveAction(ctx, row, evidence.status, to, finalBlock))) break;
      moves++;
      evidence = { ...evidence, status: to };
    }
  }
  return moves;
}

/**
 * One move through the writer: it still has to find the action where the sweep saw it. A move of a queued
 * redemption also records the `redeem.updated` event of the redemption it follows.
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
  const redemptionStatus = row.action === 'redeem_async' ? redemptionStatusOf(to) : null;
  const redeemEvent =
    redemptionStatus && row.redeemId !== null
      ? await redeemEventOf(ctx, { redeemId: row.redeemId, status: redemptionStatus, decimals }, finalBlock)
      : undefined;
  const outcome = await ctx.writer.change(
    row.id,
    (current) => {
      if (current.status !== from) return null;
      if (to !== 'indexed') return { status: to };
      const claimsRequest =
        current.action === 'redeem_async' && current.redeemId === null && row.requestedRedeemId !== null;
      return {
        status: to,
        indexedAt: new Date(),
        indexingPending: false,
        ...(claimsRequest ? { redeemId: row.requestedRedeemId!.toString() } : {}),
      };
    },
    redeemEvent,
  );
  return outcome?.changed ?? false;
}

/**
 * The `redeem.updated` event of a move that makes the redemption `status`. Its chain read, the share price a
 * pending record is valued at (the final block, where the move was decided), is made now, before the writer takes
 * the action's row lock; the record is read from the index in the move's transaction.
 */
async function redeemEventOf(
  ctx: AdvanceContext,
  move: { redeemId: bigint; status: RedemptionStatus; decimals: TokenDecimals },
  finalBlock: bigint,
): Promise<RelatedEvents> {
  const { redeemId, status, decimals } = move;
  // The record is the one its final events first made `status`, so it is pending exactly when `status` is.
  const price = status === 'pending' ? await ctx.sharePriceAt(finalBlock) : null;
  return async (tx, updated) => [
    {
      type: 'redeem.updated',
      aggregateId: redeemId.toString(),
      partnerId: updated.partnerId,
      payload: toRedeemJson(
        await finalRedemption(tx, ctx.chainId, redeemId, finalBlock, status),
        decimals,
        price,
      ),
    },
  ];
}

/** The redemption as its final events first made it `status`: what the move's webhook reports. */
async function finalRedemption(
  tx: PoolClient,
  chainId: number,
  redeemId: bigint,
  finalBlock: bigint,
  status: RedemptionStatus,
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
