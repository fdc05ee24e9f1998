import { toActivityEventRow, type ActivityEventRaw, type ActivityEventRow } from '../indexer/activity';
import { toRedemption, type RedemptionRaw, type RedemptionRow } from '../indexer/redemptions';
import { groupByLookup } from '../lookups';
import type { Queryable } from '../queryable';

/** Where the previous activity page ended: rows strictly older than this (block, log) are next. */
export interface ActivityPosition {
  blockNumber: bigint;
  logIndex: number;
}

export interface ActivityPageRequest {
  /** The stored (lowercase) form. */
  wallet: string;
  after: ActivityPosition | null;
  limit: number;
}

export interface RedemptionsPageRequest {
  /** The stored (lowercase) form. */
  wallet: string;
  /** The page starts strictly below this redemption id, when given. */
  afterId: bigint | null;
  limit: number;
}

/**
 * One page of activity per request, in ONE query (many wallets' bootstraps at once): per wallet, newest first, its
 * own events and the share transfers it received, strictly before `after` when given. Keyset paging on
 * (block_number, log_index), unique per chain, so rows indexed while a client pages never shift a page. Each branch
 * walks its own index (wallet / transfer receiver) once per request.
 * @returns the pages in the order of `requests`.
 */
export async function listActivityPages(
  db: Queryable,
  chainId: number,
  requests: readonly ActivityPageRequest[],
): Promise<ActivityEventRow[][]> {
  if (requests.length === 0) return [];
  const before = `(r.after_block IS NULL OR (block_number, log_index) < (r.after_block, r.after_log))`;
  const { rows } = await db.query<ActivityEventRaw & { lookup: string }>(
    `SELECT r.lookup, page.*
       FROM unnest($2::text[], $3::int[], $4::bigint[], $5::int[]) WITH ORDINALITY
              AS r(wallet, page_limit, after_block, after_log, lookup)
       CROSS JOIN LATERAL (
         (SELECT * FROM activity_events WHERE chain_id = $1 AND wallet = r.wallet AND ${before}
           ORDER BY block_number DESC, log_index DESC LIMIT r.page_limit)
         UNION
         (SELECT * FROM activity_events
           WHERE chain_id = $1 AND type = 'transfer' AND receiver = r.wallet AND ${before}
           ORDER BY block_number DESC, log_index DESC LIMIT r.page_limit)
         ORDER BY block_number DESC, log_index DESC LIMIT r.page_limit
       ) page
      ORDER BY r.lookup, page.block_number DESC, page.log_index DESC`,
    [
      chainId,
      requests.map((r) => r.wallet),
      requests.map((r) => r.limit),
      requests.map((r) => r.after?.blockNumber.toString() ?? null),
      requests.map((r) => r.after?.logIndex ?? null),
    ],
  );
  return groupByLookup(requests.length, rows, toActivityEventRow);
}

/**
 * One page of redemption records per request, in ONE query: per wallet, newest (highest id) first, strictly below
 * `afterId` when given.
 * @returns the pages in the order of `requests`.
 */
export async function listRedemptionsPages(
  db: Queryable,
  chainId: number,
  requests: readonly RedemptionsPageRequest[],
): Promise<RedemptionRow[][]> {
  if (requests.length === 0) return [];
  const { rows } = await db.query<RedemptionRaw & { lookup: string }>(
    `SELECT r.lookup, page.*
       FROM unnest($2::text[], $3::int[], $4::numeric[]) WITH ORDINALITY AS r(wallet, page_limit, after_id, lookup)
       CROSS JOIN LATERAL (
         SELECT * FROM redemptions
          WHERE chain_id = $1 AND wallet = r.wallet AND (r.after_id IS NULL OR redeem_id < r.after_id)
          ORDER BY redeem_id DESC LIMIT r.page_limit
       ) page
      ORDER BY r.lookup, page.redeem_id DESC`,
    [
      chainId,
      requests.map((r) => r.wallet),
      requests.map((r) => r.limit),
      requests.map((r) => r.afterId?.toString() ?? null),
    ],
  );
  return groupByLookup(requests.length, rows, toRedemption);
}
