import type { ClientBase } from 'pg';
import { copyIn, type CopyValue } from '../copy-in';
import type { Queryable } from '../queryable';
import { columnLiterals } from './array-literal';

export interface ShareTransferRow {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  from: string;
  to: string;
  sharesRaw: bigint;
}

export const ZERO_WALLET = '0x0000000000000000000000000000000000000000';

/** share_transfers' columns, in the order `transferValues` gives a row's: the copy and the insert both use them. */
const TRANSFER_COLUMNS = [
  'chain_id',
  'tx_hash',
  'log_index',
  'block_number',
  'from_address',
  'to_address',
  'shares_raw',
] as const;

const transferValues = (r: ShareTransferRow): CopyValue[] => [
  r.chainId,
  r.txHash,
  r.logIndex,
  r.blockNumber,
  r.from,
  r.to,
  r.sharesRaw,
];

/** Upserts a holder's share_balances row by adding the moved shares to what it holds. */
const ADD_TO_BALANCE =
  'ON CONFLICT (chain_id, wallet) DO UPDATE SET shares_raw = share_balances.shares_raw + EXCLUDED.shares_raw';

/**
 * Stores the transfers, skipping rows already stored, and adds exactly the new ones to their holders'
 * share_balances (the zero address left out), in one statement: a replayed range adds nothing, so every balance
 * stays the sum of its stored transfers without re-summing a holder's whole history on each range.
 * @returns how many transfers were new.
 */
export async function insertShareTransfers(
  db: Queryable,
  rows: readonly ShareTransferRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const { rows: result } = await db.query<{ inserted: number }>(
    `WITH fresh AS (
       INSERT INTO share_transfers (${TRANSFER_COLUMNS.join(', ')})
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::bigint[], $5::text[], $6::text[], $7::numeric[])
       ON CONFLICT DO NOTHING
       RETURNING chain_id, from_address, to_address, shares_raw
     ), moves AS (
       SELECT chain_id, to_address AS wallet, shares_raw AS delta FROM fresh
       UNION ALL
       SELECT chain_id, from_address, -shares_raw FROM fresh
     ), applied AS (
       INSERT INTO share_balances (chain_id, wallet, shares_raw)
       SELECT chain_id, wallet, sum(delta) FROM moves WHERE wallet <> $8 GROUP BY chain_id, wallet
       ${ADD_TO_BALANCE}
     )
     SELECT count(*)::int AS inserted FROM fresh`,
    [...columnLiterals(rows.map(transferValues), TRANSFER_COLUMNS.length), ZERO_WALLET],
  );
  return result[0]!.inserted;
}

/**
 * Copies transfers none of which is stored yet (`copyIn`, as `copyActivityEvents`) and adds them to their holders'
 * share_balances, summed per holder here (the zero address left out; a holder whose transfers sum to 0 still gets its
 * row), as `insertShareTransfers` adds its new ones. Fails with 23505, storing nothing, where one is stored after all.
 * @returns how many transfers were new: all of them.
 */
export async function copyShareTransfers(tx: ClientBase, rows: readonly ShareTransferRow[]): Promise<number> {
  await copyIn(tx, 'share_transfers', TRANSFER_COLUMNS, rows.map(transferValues));
  const deltas = new Map<string, { chainId: number; wallet: string; delta: bigint }>();
  const move = (chainId: number, wallet: string, delta: bigint): void => {
    if (wallet === ZERO_WALLET) return;
    const key = `${chainId}:${wallet}`;
    const held = deltas.get(key);
    if (held) held.delta += delta;
    else deltas.set(key, { chainId, wallet, delta });
  };
  for (const r of rows) {
    move(r.chainId, r.to, r.sharesRaw);
    move(r.chainId, r.from, -r.sharesRaw);
  }
  if (deltas.size > 0)
    await tx.query(
      `INSERT INTO share_balances (chain_id, wallet, shares_raw)
       SELECT * FROM unnest($1::int[], $2::text[], $3::numeric[])
       ${ADD_TO_BALANCE}`,
      columnLiterals(
        [...deltas.values()].map((m) => [m.chainId, m.wallet, m.delta]),
        3,
      ),
    );
  return rows.length;
}

/**
 * Deletes the transfers of orphaned blocks and takes them back out of their holders' share_balances, in one
 * statement: every balance stays the sum of its stored transfers, as insertShareTransfers keeps it.
 */
export async function deleteShareTransfersAbove(
  db: Queryable,
  chainId: number,
  block: bigint,
): Promise<void> {
  await db.query(
    `WITH gone AS (
       DELETE FROM share_transfers WHERE chain_id = $1 AND block_number > $2
       RETURNING from_address, to_address, shares_raw
     ), moves AS (
       SELECT to_address AS wallet, -shares_raw AS delta FROM gone
       UNION ALL
       SELECT from_address, shares_raw FROM gone
     )
     UPDATE share_balances b SET shares_raw = b.shares_raw + m.delta
       FROM (SELECT wallet, sum(delta) AS delta FROM moves WHERE wallet <> $3 GROUP BY wallet) m
      WHERE b.chain_id = $1 AND b.wallet = m.wallet`,
    [chainId, block.toString(), ZERO_WALLET],
  );
}

export async function getShareBalance(db: Queryable, chainId: number, wallet: string): Promise<bigint> {
  const { rows } = await db.query<{ shares_raw: string }>(
    'SELECT shares_raw FROM share_balances WHERE chain_id = $1 AND wallet = $2',
    [chainId, wallet],
  );
  return rows[0] ? BigInt(rows[0].shares_raw) : 0n;
}

/** Every non-zero balance of the chain, by wallet. */
export async function listShareBalances(db: Queryable, chainId: number): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ wallet: string; shares_raw: string }>(
    'SELECT wallet, shares_raw FROM share_balances WHERE chain_id = $1 AND shares_raw <> 0 ORDER BY wallet',
    [chainId],
  );
  return new Map(rows.map((r) => [r.wallet, BigInt(r.shares_raw)]));
}
