import type { Queryable } from '../queryable';

export interface NewVaultSnapshot {
  chainId: number;
  blockNumber: bigint;
  /** Unix seconds of the block. */
  blockTimestamp: bigint;
  /** The VaultState as JSON, amounts as integer strings. */
  state: unknown;
}

export interface VaultSnapshotRow {
  id: bigint;
  chainId: number;
  blockNumber: bigint;
  blockTimestamp: Date;
  takenAt: Date;
  state: unknown;
}

interface Raw {
  id: string;
  chain_id: number;
  block_number: string;
  block_timestamp: Date;
  taken_at: Date;
  state: unknown;
}

const toRow = (r: Raw): VaultSnapshotRow => ({
  id: BigInt(r.id),
  chainId: r.chain_id,
  blockNumber: BigInt(r.block_number),
  blockTimestamp: r.block_timestamp,
  takenAt: r.taken_at,
  state: r.state,
});

export async function insertVaultSnapshot(
  db: Queryable,
  snapshot: NewVaultSnapshot,
): Promise<VaultSnapshotRow> {
  const { rows } = await db.query<Raw>(
    `INSERT INTO vault_snapshots (chain_id, block_number, block_timestamp, state)
     VALUES ($1, $2, to_timestamp($3), $4::jsonb)
     RETURNING id, chain_id, block_number, block_timestamp, taken_at, state`,
    [
      snapshot.chainId,
      snapshot.blockNumber.toString(),
      snapshot.blockTimestamp.toString(),
      JSON.stringify(snapshot.state),
    ],
  );
  return toRow(rows[0]!);
}

export async function latestVaultSnapshot(db: Queryable, chainId: number): Promise<VaultSnapshotRow | null> {
  const { rows } = await db.query<Raw>(
    `SELECT id, chain_id, block_number, block_timestamp, taken_at, state
       FROM vault_snapshots WHERE chain_id = $1 ORDER BY taken_at DESC, id DESC LIMIT 1`,
    [chainId],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Deletes snapshots taken before `before`, always keeping the newest one of each chain. @returns rows deleted. */
export async function pruneVaultSnapshots(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM vault_snapshots s WHERE s.taken_at < $1
        AND s.id <> (SELECT max(id) FROM vault_snapshots n WHERE n.chain_id = s.chain_id)`,
    [before],
  );
  return rowCount ?? 0;
}
