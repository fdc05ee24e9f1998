import type { ActivityEventRow } from '../indexer/activity';
import type { RedemptionRow } from '../indexer/redemptions';
import type { Queryable } from '../queryable';

/** Where the previous activity page ended: rows strictly older than this (block, log) are next. */
export interface ActivityPosition {
  blockNumber: bigint;
  logIndex: number;
}

interface ActivityRaw {
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  block_timestamp: Date;
  type: string;
  event_name: string;
  wallet: string;
  owner: string;
  receiver: string;
  assets_raw: string | null;
  shares_raw: string;
  redeem_id: string | null;
}

interface RedemptionRaw {
  chain_id: number;
  redeem_id: string;
  status: RedemptionRow['status'];
  wallet: string;
  owner: string;
  receiver: string;
  shares_raw: string;
  assets_raw: string | null;
  requested_tx_hash: string;
  fulfilled_tx_hash: string | null;
  claimed_tx_hash: string | null;
  cancelled_tx_hash: string | null;
  requested_at: Date;
  updated_at: Date;
}

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

const toActivity = (r: ActivityRaw): ActivityEventRow => ({
  chainId: r.chain_id,
  txHash: r.tx_hash,
  logIndex: r.log_index,
  blockNumber: BigInt(r.block_number),
  blockHash: r.block_hash,
  blockTimestamp: r.block_timestamp,
  type: r.type,
  eventName: r.event_name,
  wallet: r.wallet,
  owner: r.owner,
  receiver: r.receiver,
  assetsRaw: big(r.assets_raw),
  sharesRaw: BigInt(r.shares_raw),
  redeemId: big(r.redeem_id),
});

const toRedemption = (r: RedemptionRaw): RedemptionRow => ({
  chainId: r.chain_id,
  redeemId: BigInt(r.redeem_id),
  status: r.status,
  wallet: r.wallet,
  owner: r.owner,
  receiver: r.receiver,
  sharesRaw: BigInt(r.shares_raw),
  assetsRaw: big(r.assets_raw),
  requestedTxHash: r.requested_tx_hash,
  fulfilledTxHash: r.fulfilled_tx_hash,
  claimedTxHash: r.claimed_tx_hash,
  cancelledTxHash: r.cancelled_tx_hash,
  requestedAt: r.requested_at,
  updatedAt: r.updated_at,
});

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
  const { rows } = await db.query<ActivityRaw>(
    `(SELECT * FROM activity_events WHERE chain_id = $1 AND wallet = $2 AND ${before}
       ORDER BY block_number DESC, log_index DESC LIMIT $3)
     UNION
     (SELECT * FROM activity_events WHERE chain_id = $1 AND type = 'transfer' AND receiver = $2 AND ${before}
       ORDER BY block_number DESC, log_index DESC LIMIT $3)
     ORDER BY block_number DESC, log_index DESC LIMIT $3`,
    [chainId, wallet, page.limit, block, log],
  );
  return rows.map(toActivity);
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
