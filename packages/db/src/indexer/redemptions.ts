import type { Queryable } from '../queryable';

export interface RedemptionRow {
  chainId: number;
  redeemId: bigint;
  status: 'pending' | 'claimable' | 'claimed' | 'cancelled';
  wallet: string;
  owner: string;
  receiver: string;
  sharesRaw: bigint;
  assetsRaw: bigint | null;
  requestedTxHash: string;
  fulfilledTxHash: string | null;
  claimedTxHash: string | null;
  cancelledTxHash: string | null;
  requestedAt: Date;
  updatedAt: Date;
}

/** A redemptions row as pg returns it (numeric columns as strings). */
export interface RedemptionRaw {
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

export function toRedemption(r: RedemptionRaw): RedemptionRow {
  return {
    chainId: r.chain_id,
    redeemId: BigInt(r.redeem_id),
    status: r.status,
    wallet: r.wallet,
    owner: r.owner,
    receiver: r.receiver,
    sharesRaw: BigInt(r.shares_raw),
    assetsRaw: r.assets_raw === null ? null : BigInt(r.assets_raw),
    requestedTxHash: r.requested_tx_hash,
    fulfilledTxHash: r.fulfilled_tx_hash,
    claimedTxHash: r.claimed_tx_hash,
    cancelledTxHash: r.cancelled_tx_hash,
    requestedAt: r.requested_at,
    updatedAt: r.updated_at,
  };
}

/** Writes the records as folded from their events, replacing what was stored. */
export async function upsertRedemptions(db: Queryable, rows: readonly RedemptionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO redemptions (chain_id, redeem_id, status, wallet, owner, receiver, shares_raw, assets_raw,
                              requested_tx_hash, fulfilled_tx_hash, claimed_tx_hash, cancelled_tx_hash,
                              requested_at, updated_at)
     SELECT * FROM unnest($1::int[], $2::numeric[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[],
                          $8::numeric[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[],
                          $14::timestamptz[])
     ON CONFLICT (chain_id, redeem_id) DO UPDATE SET
       status = EXCLUDED.status, wallet = EXCLUDED.wallet, owner = EXCLUDED.owner, receiver = EXCLUDED.receiver,
       shares_raw = EXCLUDED.shares_raw, assets_raw = EXCLUDED.assets_raw,
       requested_tx_hash = EXCLUDED.requested_tx_hash, fulfilled_tx_hash = EXCLUDED.fulfilled_tx_hash,
       claimed_tx_hash = EXCLUDED.claimed_tx_hash, cancelled_tx_hash = EXCLUDED.cancelled_tx_hash,
       requested_at = EXCLUDED.requested_at, updated_at = EXCLUDED.updated_at`,
    [
      rows.map((r) => r.chainId),
      rows.map((r) => r.redeemId.toString()),
      rows.map((r) => r.status),
      rows.map((r) => r.wallet),
      rows.map((r) => r.owner),
      rows.map((r) => r.receiver),
      rows.map((r) => r.sharesRaw.toString()),
      rows.map((r) => (r.assetsRaw === null ? null : r.assetsRaw.toString())),
      rows.map((r) => r.requestedTxHash),
      rows.map((r) => r.fulfilledTxHash),
      rows.map((r) => r.claimedTxHash),
      rows.map((r) => r.cancelledTxHash),
      rows.map((r) => r.requestedAt.toISOString()),
      rows.map((r) => r.updatedAt.toISOString()),
    ],
  );
}

/** Removes records none of whose events remain (their request was orphaned by a reorg). */
export async function deleteRedemptions(
  db: Queryable,
  chainId: number,
  redeemIds: readonly bigint[],
): Promise<void> {
  if (redeemIds.length === 0) return;
  await db.query('DELETE FROM redemptions WHERE chain_id = $1 AND redeem_id = ANY($2::numeric[])', [
    chainId,
    redeemIds.map(String),
  ]);
}

/** A wallet's redemptions newest first; the chain's all without one. */
export async function listRedemptions(
  db: Queryable,
  chainId: number,
  options: { wallet?: string } = {},
): Promise<RedemptionRow[]> {
  const { rows } = await db.query<RedemptionRaw>(
    `SELECT * FROM redemptions WHERE chain_id = $1 AND ($2::text IS NULL OR wallet = $2) ORDER BY redeem_id DESC`,
    [chainId, options.wallet ?? null],
  );
  return rows.map(toRedemption);
}
