import type { ActionKind, PartnerActionStatus } from '@yv/schemas';
import type { Queryable } from '../queryable';

/**
 * An action the indexer may move, with what the chain index says about it at the final block. Only events in
 * blocks at or below `finalBlock` are looked at.
 */
export interface ActionProgressRow {
  id: string;
  action: ActionKind;
  status: PartnerActionStatus;
  txHash: string | null;
  /** The action's transaction has events stored at or below the final block. */
  txIndexed: boolean;
  /** The redemption id the action's own transaction requested (RedeemRequested of that tx), if any. */
  requestedRedeemId: bigint | null;
  /** The queued redemption the action is about (its redeem_id, else the one its tx requested). */
  redeemId: bigint | null;
  /** Activity type of that redemption's latest final event; null when none is final. */
  redemptionLastType: string | null;
}

interface Row {
  id: string;
  action: ActionKind;
  status: PartnerActionStatus;
  tx_hash: string | null;
  tx_indexed: boolean;
  requested_redeem_id: string | null;
  redeem_id: string | null;
  redemption_last_type: string | null;
}

/**
 * Actions the indexer has new evidence for: confirmed ones whose transaction is indexed at the final block, and
 * queued redemptions (`redeem_async`) whose record has moved past what their status says. The WHERE clause only
 * keeps the work list short (a redemption may wait for the keeper for days); which move follows is decided by
 * the domain's `nextIndexerStatus` on the returned evidence, and packages/actions/test/indexer-moves.test.ts holds
 * the two to the same set of actions. Its first condition, on the action alone, is the
 * predicate of the partial index partner_actions_indexer_progress: actions that can no longer move are never read.
 */
export async function listActionProgress(
  db: Queryable,
  args: { chainId: number; finalBlock: bigint; limit: number },
): Promise<ActionProgressRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT a.id, a.action, a.status, a.tx_hash, COALESCE(tx.indexed, false) AS tx_indexed,
            tx.requested_redeem_id::text AS requested_redeem_id, rid.redeem_id::text AS redeem_id,
            r.last_type AS redemption_last_type
       FROM partner_actions a
       LEFT JOIN LATERAL (
         SELECT true AS indexed, max(e.redeem_id) FILTER (WHERE e.type = 'redeem_requested') AS requested_redeem_id
           FROM activity_events e
          WHERE e.chain_id = $1 AND e.tx_hash = a.tx_hash AND e.block_number <= $2
         HAVING count(*) > 0
       ) tx ON a.tx_hash IS NOT NULL
       CROSS JOIN LATERAL (
         SELECT COALESCE(CASE WHEN a.redeem_id ~ '^[0-9]+$' THEN a.redeem_id::numeric END,
                         tx.requested_redeem_id) AS redeem_id
       ) rid
       LEFT JOIN LATERAL (
         SELECT e.type AS last_type
           FROM activity_events e
          WHERE e.chain_id = $1 AND e.redeem_id = rid.redeem_id AND e.block_number <= $2
          ORDER BY e.block_number DESC, e.log_index DESC
          LIMIT 1
       ) r ON a.action = 'redeem_async' AND rid.redeem_id IS NOT NULL
      WHERE (a.status = 'confirmed'
             OR (a.action = 'redeem_async' AND a.status IN ('indexed', 'waiting_for_keeper', 'claimable')))
        AND ((a.status = 'confirmed' AND tx.indexed)
         OR (a.action = 'redeem_async' AND (
               (a.status = 'indexed' AND r.last_type IS NOT NULL)
            OR (a.status = 'waiting_for_keeper' AND r.last_type <> 'redeem_requested')
            OR (a.status = 'claimable' AND r.last_type = 'redeem_claimed'))))
      ORDER BY a.updated_at, a.id
      LIMIT $3`,
    [args.chainId, args.finalBlock.toString(), args.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    status: r.status,
    txHash: r.tx_hash,
    txIndexed: r.tx_indexed,
    requestedRedeemId: r.requested_redeem_id === null ? null : BigInt(r.requested_redeem_id),
    redeemId: r.redeem_id === null ? null : BigInt(r.redeem_id),
    redemptionLastType: r.redemption_last_type,
  }));
}
