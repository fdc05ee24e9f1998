import { toActivityEventRow, type ActivityEventRaw, type ActivityEventRow } from '../indexer/activity';
import { toRedemption, type RedemptionRaw, type RedemptionRow } from '../indexer/redemptions';
import type { Queryable } from '../queryable';

/** Where the previous activity page ended: rows strictly older than this (block, log) are next. */
export interface ActivityPosition {
  blockNumber: bigint;
  logIndex: number;
}

/**
 * One page of a wallet's activity, newest first: its own events and the share transfers it received, strictly
 * before `after` when given. Keyset paging on (block_number, log_index), unique per chain, so rows indexed
 * while a client pages never shift a page. Each branch walks its own index (wallet / transfer receiver).
 * `wallet` is the stored (lowercase) form.
 */
export async function listActivityPage(
  db: Queryable,
  chainId: number,
  wallet: string,
  page: { after: ActivityPosition | null; limit: number },
): Promise<ActivityEventRow[]> {
  const block = page.after?.blockNumber.toString() ?? null;
  const log = page.after?.logIndex ?? null;
  const before = `($4::bigint IS NULL OR (block_number, log_index) < ($4::bigint, $5::int))`;
  const { rows } = await db.query<ActivityEventRaw>(
    `(SELECT * FROM activity_events WHERE chain_id = $1 AND wallet = $2 AND ${before}
       ORDER BY block_number DESC, log_index DESC LIMIT $3)
     UNION
     (SELECT * FROM activity_events WHERE chain_id = $1 AND type = 'transfer' AND receiver = $2 AND ${before}
       ORDER BY block_number DESC, log_index DESC LIMIT $3)
     ORDER BY block_number DESC, log_index DESC LIMIT $3`,
    [chainId, wallet, page.limit, block, log],
  );
  return rows.map(toActivityEventRow);
}

/** One page of a wallet's redemption records, newest (highest id) first, strictly below `afterId` when given. */
export async function listRedemptionsPage(
  db: Queryable,
  chainId: number,
  wallet: string,
  page: { afterId: bigint | null; limit: number },
): Promise<RedemptionRow[]> {
  const { rows } = await db.query<RedemptionRaw>(
    `SELECT * FROM redemptions
      WHERE chain_id = $1 AND wallet = $2 AND ($4::numeric IS NULL OR redeem_id < $4::numeric)
      ORDER BY redeem_id DESC LIMIT $3`,
    [chainId, wallet, page.limit, page.afterId?.toString() ?? null],
  );
  return rows.map(toRedemption);
}
