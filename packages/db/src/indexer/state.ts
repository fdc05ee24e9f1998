import type { Queryable } from '../queryable';

/** indexer_state of one chain. Block numbers are bigint; lag is latest - cursor, computed by readers. */
export interface IndexerState {
  chainId: number;
  startBlock: bigint;
  /** Last block whose logs are all written; startBlock - 1 before the first batch. */
  cursorBlock: bigint;
  latestBlock: bigint | null;
  confirmedBlock: bigint | null;
  lastEventBlock: bigint | null;
  lastEventAt: Date | null;
  indexedAt: Date | null;
  rpcHealthy: boolean;
  rpcError: string | null;
  haltedReason: string | null;
  /** The block the followed chain is identified by, and its hash; null until the indexer first checked it. */
  anchor: { block: bigint; hash: string } | null;
  updatedAt: Date;
}

interface StateRow {
  chain_id: number;
  start_block: string;
  cursor_block: string;
  latest_block: string | null;
  confirmed_block: string | null;
  last_event_block: string | null;
  last_event_at: Date | null;
  indexed_at: Date | null;
  rpc_healthy: boolean;
  rpc_error: string | null;
  halted_reason: string | null;
  anchor_block: string | null;
  anchor_hash: string | null;
  updated_at: Date;
}

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

function toState(row: StateRow): IndexerState {
  return {
    chainId: row.chain_id,
    startBlock: BigInt(row.start_block),
    cursorBlock: BigInt(row.cursor_block),
    latestBlock: big(row.latest_block),
    confirmedBlock: big(row.confirmed_block),
    lastEventBlock: big(row.last_event_block),
    lastEventAt: row.last_event_at,
    indexedAt: row.indexed_at,
    rpcHealthy: row.rpc_healthy,
    rpcError: row.rpc_error,
    haltedReason: row.halted_reason,
    anchor:
      row.anchor_block === null || row.anchor_hash === null
        ? null
        : { block: BigInt(row.anchor_block), hash: row.anchor_hash },
    updatedAt: row.updated_at,
  };
}

export async function getIndexerState(db: Queryable, chainId: number): Promise<IndexerState | null> {
  const { rows } = await db.query<StateRow>('SELECT * FROM indexer_state WHERE chain_id = $1', [chainId]);
  return rows[0] ? toState(rows[0]) : null;
}

/** Creates the chain's row with the cursor just before `startBlock` unless it exists; returns the row. */
export async function ensureIndexerState(
  db: Queryable,
  chainId: number,
  startBlock: bigint,
): Promise<IndexerState> {
  await db.query(
    `INSERT INTO indexer_state (chain_id, start_block, cursor_block) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id) DO NOTHING`,
    [chainId, startBlock.toString(), (startBlock - 1n).toString()],
  );
  return (await getIndexerState(db, chainId))!;
}

export interface CursorMove {
  chainId: number;
  /** The cursor this writer read; the move fails if someone else moved it since. */
  from: bigint;
  to: bigint;
  lastEvent?: { block: bigint; at: Date };
}

/**
 * Moves the cursor, only if it still stands at `from`: a writer that lost the advisory lock without noticing
 * cannot overwrite its successor's progress.
 * @returns false when the cursor had moved.
 */
export async function moveCursor(db: Queryable, move: CursorMove): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE indexer_state
        SET cursor_block = $3,
            last_event_block = COALESCE($4, last_event_block),
            last_event_at = COALESCE($5, last_event_at),
            indexed_at = now(), updated_at = now()
      WHERE chain_id = $1 AND cursor_block = $2`,
    [
      move.chainId,
      move.from.toString(),
      move.to.toString(),
      move.lastEvent?.block.toString() ?? null,
      move.lastEvent?.at ?? null,
    ],
  );
  return rowCount === 1;
}

/** Rewinds the cursor to a reorg's common ancestor; last_event_* are cleared when they were orphaned. */
export async function rewindCursor(db: Queryable, chainId: number, to: bigint): Promise<void> {
  await db.query(
    `UPDATE indexer_state
        SET cursor_block = $2,
            last_event_block = CASE WHEN last_event_block > $2 THEN NULL ELSE last_event_block END,
            last_event_at = CASE WHEN last_event_block > $2 THEN NULL ELSE last_event_at END,
            updated_at = now()
      WHERE chain_id = $1`,
    [chainId, to.toString()],
  );
}

/** The chain head as last seen, and the RPC healthy again. */
export async function recordChainHead(
  db: Queryable,
  chainId: number,
  latest: bigint,
  confirmed: bigint,
): Promise<void> {
  await db.query(
    `UPDATE indexer_state
        SET latest_block = $2, confirmed_block = $3, rpc_healthy = true, rpc_error = NULL, updated_at = now()
      WHERE chain_id = $1`,
    [chainId, latest.toString(), confirmed.toString()],
  );
}

export async function recordRpcFailure(db: Queryable, chainId: number, error: string): Promise<void> {
  await db.query(
    `UPDATE indexer_state SET rpc_healthy = false, rpc_error = $2, updated_at = now() WHERE chain_id = $1`,
    [chainId, error.slice(0, 1000)],
  );
}

/** Stops the indexer for good: only an operator clears halted_reason (after re-indexing or fixing config). */
export async function haltIndexer(db: Queryable, chainId: number, reason: string): Promise<void> {
  await db.query(`UPDATE indexer_state SET halted_reason = $2, updated_at = now() WHERE chain_id = $1`, [
    chainId,
    reason,
  ]);
}

/** Records the block the followed chain is identified by, once: a set anchor is never replaced. */
export async function setIndexerAnchor(
  db: Queryable,
  chainId: number,
  anchor: { block: bigint; hash: string },
): Promise<void> {
  await db.query(
    `UPDATE indexer_state SET anchor_block = $2, anchor_hash = $3, updated_at = now()
      WHERE chain_id = $1 AND anchor_hash IS NULL`,
    [chainId, anchor.block.toString(), anchor.hash],
  );
}
