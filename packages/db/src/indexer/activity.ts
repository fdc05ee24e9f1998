import type { ClientBase } from 'pg';
import { copyIn, type CopyValue } from '../copy-in';
import type { Queryable } from '../queryable';
import { columnLiterals } from './array-literal';

/** One activity_events row; amounts and ids raw bigint, addresses and hashes lowercase. */
export interface ActivityEventRow {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  blockTimestamp: Date;
  type: string;
  eventName: string;
  wallet: string;
  owner: string;
  receiver: string;
  assetsRaw: bigint | null;
  sharesRaw: bigint;
  redeemId: bigint | null;
}

/** An activity_events row as pg returns it (numeric and bigint columns as strings). */
export interface ActivityEventRaw {
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

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

export function toActivityEventRow(r: ActivityEventRaw): ActivityEventRow {
  return {
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
  };
}

/** activity_events' columns, in the order `activityValues` gives a row's: the copy and the insert both use them. */
const ACTIVITY_COLUMNS = [
  'chain_id',
  'tx_hash',
  'log_index',
  'block_number',
  'block_hash',
  'block_timestamp',
  'type',
  'event_name',
  'wallet',
  'owner',
  'receiver',
  'assets_raw',
  'shares_raw',
  'redeem_id',
] as const;

const activityValues = (r: ActivityEventRow): CopyValue[] => [
  r.chainId,
  r.txHash,
  r.logIndex,
  r.blockNumber,
  r.blockHash,
  r.blockTimestamp.toISOString(),
  r.type,
  r.eventName,
  r.wallet,
  r.owner,
  r.receiver,
  r.assetsRaw,
  r.sharesRaw,
  r.redeemId,
];

/**
 * One multi-row INSERT (arrays through unnest, so no parameter limit); rows already stored are skipped.
 * @returns how many rows were new, per type.
 */
export async function insertActivityEvents(
  db: Queryable,
  rows: readonly ActivityEventRow[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const { rows: counts } = await db.query<{ type: string; inserted: number }>(
    `WITH fresh AS (
     INSERT INTO activity_events (${ACTIVITY_COLUMNS.join(', ')})
     SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::bigint[], $5::text[], $6::timestamptz[], $7::text[],
                          $8::text[], $9::text[], $10::text[], $11::text[], $12::numeric[], $13::numeric[], $14::numeric[])
     ON CONFLICT (chain_id, block_number, log_index) DO NOTHING
     RETURNING type
     )
     SELECT type, count(*)::int AS inserted FROM fresh GROUP BY type`,
    columnLiterals(rows.map(activityValues), ACTIVITY_COLUMNS.length),
  );
  return new Map(counts.map((c) => [c.type, c.inserted]));
}

/**
 * Copies rows none of which is stored yet (`copyIn`): a range above the cursor, whose rows commit with the cursor
 * that passes them. Fails with 23505, storing nothing, where one is stored after all.
 * @returns how many rows were new, per type: all of them.
 */
export async function copyActivityEvents(
  tx: ClientBase,
  rows: readonly ActivityEventRow[],
): Promise<Map<string, number>> {
  await copyIn(tx, 'activity_events', ACTIVITY_COLUMNS, rows.map(activityValues));
  const perType = new Map<string, number>();
  for (const r of rows) perType.set(r.type, (perType.get(r.type) ?? 0) + 1);
  return perType;
}

/** Deletes the activity of orphaned blocks. @returns the redemption ids whose events were among them. */
export async function deleteActivityEventsAbove(
  db: Queryable,
  chainId: number,
  block: bigint,
): Promise<bigint[]> {
  const { rows } = await db.query<{ redeem_id: string }>(
    `DELETE FROM activity_events WHERE chain_id = $1 AND block_number > $2 RETURNING redeem_id`,
    [chainId, block.toString()],
  );
  return [...new Set(rows.filter((r) => r.redeem_id !== null).map((r) => r.redeem_id))].map(BigInt);
}

/** The events of the given redemptions, in chain order: what their records are folded from. */
export async function listRedemptionActivity(
  db: Queryable,
  chainId: number,
  redeemIds: readonly bigint[],
): Promise<ActivityEventRow[]> {
  if (redeemIds.length === 0) return [];
  const { rows } = await db.query<ActivityEventRaw>(
    `SELECT * FROM activity_events WHERE chain_id = $1 AND redeem_id = ANY($2::numeric[])
      ORDER BY block_number, log_index`,
    [chainId, redeemIds.map(String)],
  );
  return rows.map(toActivityEventRow);
}

/** A wallet's activity newest first (its own events and transfers it received); all of the chain's without one. */
export async function listActivityEvents(
  db: Queryable,
  chainId: number,
  options: { wallet?: string; limit?: number } = {},
): Promise<ActivityEventRow[]> {
  const { rows } = await db.query<ActivityEventRaw>(
    `SELECT * FROM activity_events
      WHERE chain_id = $1 AND ($2::text IS NULL OR wallet = $2 OR (type = 'transfer' AND receiver = $2))
      ORDER BY block_number DESC, log_index DESC
      LIMIT $3`,
    [chainId, options.wallet ?? null, options.limit ?? null],
  );
  return rows.map(toActivityEventRow);
}
