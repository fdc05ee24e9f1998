import type { Queryable } from '../queryable';
import { arrayLiteral } from './array-literal';

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
       INSERT INTO share_transfers (chain_id, tx_hash, log_index, block_number, from_address, to_address, shares_raw)
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
       ON CONFLICT (chain_id, wallet) DO UPDATE SET shares_raw = share_balances.shares_raw + EXCLUDED.shares_raw
     )
     SELECT count(*)::int AS inserted FROM fresh`,
    [
      arrayLiteral(rows.map((r) => r.chainId)),
      arrayLiteral(rows.map((r) => r.txHash)),
      arrayLiteral(rows.map((r) => r.logIndex)),
      arrayLiteral(rows.map((r) => r.blockNumber.toString())),
      arrayLiteral(rows.map((r) => r.from)),
      arrayLiteral(rows.map((r) => r.to)),
      arrayLiteral(rows.map((r) => r.sharesRaw.toString())),
      ZERO_WALLET,
    ],
  );
  return result[0]!.inserted;
}

function holders(rows: readonly { from_address: string; to_address: string }[]): string[] {
  const set = new Set<string>();
  for (const r of rows) {
    set.add(r.from_address);
    set.add(r.to_address);
  }
  set.delete(ZERO_WALLET);
  return [...set];
}

/** @returns the holders whose balance the deleted transfers had changed. */
export async function deleteShareTransfersAbove(
  db: Queryable,
  chainId: number,
  block: bigint,
): Promise<string[]> {
  const { rows } = await db.query<{ from_address: string; to_address: string }>(
    `DELETE FROM share_transfers WHERE chain_id = $1 AND block_number > $2 RETURNING from_address, to_address`,
    [chainId, block.toString()],
  );
  return holders(rows);
}

/** Sets each wallet's balance to the sum of its stored transfers: in minus out. */
export async function recomputeShareBalances(
  db: Queryable,
  chainId: number,
  wallets: readonly string[],
): Promise<void> {
  if (wallets.length === 0) return;
  await db.query(
    `INSERT INTO share_balances (chain_id, wallet, shares_raw)
     SELECT $1, w.wallet,
            COALESCE((SELECT sum(shares_raw) FROM share_transfers WHERE chain_id = $1 AND to_address = w.wallet), 0)
          - COALESCE((SELECT sum(shares_raw) FROM share_transfers WHERE chain_id = $1 AND from_address = w.wallet), 0)
       FROM unnest($2::text[]) AS w(wallet)
     ON CONFLICT (chain_id, wallet) DO UPDATE SET shares_raw = EXCLUDED.shares_raw`,
    [chainId, wallets],
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
