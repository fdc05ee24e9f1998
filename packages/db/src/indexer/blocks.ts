import type { Queryable } from '../queryable';

export interface StoredBlock {
  number: bigint;
  hash: string;
  parentHash: string;
  timestamp: Date;
}

interface BlockRow {
  number: string;
  hash: string;
  parent_hash: string;
  timestamp: Date;
}

const toBlock = (row: BlockRow): StoredBlock => ({
  number: BigInt(row.number),
  hash: row.hash,
  parentHash: row.parent_hash,
  timestamp: row.timestamp,
});

export async function insertBlocks(
  db: Queryable,
  chainId: number,
  blocks: readonly StoredBlock[],
): Promise<void> {
  if (blocks.length === 0) return;
  await db.query(
    `INSERT INTO indexed_blocks (chain_id, number, hash, parent_hash, timestamp)
     SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::timestamptz[])
     ON CONFLICT (chain_id, number) DO NOTHING`,
    [
      chainId,
      blocks.map((b) => b.number.toString()),
      blocks.map((b) => b.hash),
      blocks.map((b) => b.parentHash),
      blocks.map((b) => b.timestamp.toISOString()),
    ],
  );
}

export async function getIndexedBlock(
  db: Queryable,
  chainId: number,
  number: bigint,
): Promise<StoredBlock | null> {
  const { rows } = await db.query<BlockRow>(
    'SELECT number, hash, parent_hash, timestamp FROM indexed_blocks WHERE chain_id = $1 AND number = $2',
    [chainId, number.toString()],
  );
  return rows[0] ? toBlock(rows[0]) : null;
}

/** The oldest block still stored: what a row made before chain anchors is identified by. */
export async function oldestIndexedBlock(db: Queryable, chainId: number): Promise<StoredBlock | null> {
  const { rows } = await db.query<BlockRow>(
    `SELECT number, hash, parent_hash, timestamp FROM indexed_blocks WHERE chain_id = $1 ORDER BY number LIMIT 1`,
    [chainId],
  );
  return rows[0] ? toBlock(rows[0]) : null;
}

/** Stored blocks at or below `upTo`, newest first: the candidates for a reorg's common ancestor. */
export async function listIndexedBlocks(
  db: Queryable,
  chainId: number,
  upTo: bigint,
): Promise<StoredBlock[]> {
  const { rows } = await db.query<BlockRow>(
    `SELECT number, hash, parent_hash, timestamp FROM indexed_blocks
      WHERE chain_id = $1 AND number <= $2 ORDER BY number DESC`,
    [chainId, upTo.toString()],
  );
  return rows.map(toBlock);
}

export async function deleteIndexedBlocksAbove(
  db: Queryable,
  chainId: number,
  number: bigint,
): Promise<void> {
  await db.query('DELETE FROM indexed_blocks WHERE chain_id = $1 AND number > $2', [
    chainId,
    number.toString(),
  ]);
}

/** Forgets headers older than `number`: below the confirmation depth they are final. */
export async function pruneIndexedBlocksBelow(db: Queryable, chainId: number, number: bigint): Promise<void> {
  await db.query('DELETE FROM indexed_blocks WHERE chain_id = $1 AND number < $2', [
    chainId,
    number.toString(),
  ]);
}
