import type { Queryable } from '../queryable';

export interface NewKeeperHeartbeat {
  /** The Redis stream entry id, e.g. `1763802005000-0`. */
  streamId: string;
  service: string | null;
  keeper: string | null;
  /** Tick time by the keeper's clock; the receive time when the heartbeat carries none. */
  at: Date;
  payload: unknown | null;
  valid: boolean;
  problems: readonly string[];
}

export interface KeeperHeartbeatRow extends NewKeeperHeartbeat {
  id: bigint;
  receivedAt: Date;
}

interface Raw {
  id: string;
  stream_id: string;
  service: string | null;
  keeper: string | null;
  at: Date;
  received_at: Date;
  payload: unknown;
  valid: boolean;
  problems: string[];
}

const COLUMNS = 'id, stream_id, service, keeper, at, received_at, payload, valid, problems';

const toRow = (r: Raw): KeeperHeartbeatRow => ({
  id: BigInt(r.id),
  streamId: r.stream_id,
  service: r.service,
  keeper: r.keeper,
  at: r.at,
  receivedAt: r.received_at,
  payload: r.payload,
  valid: r.valid,
  problems: r.problems,
});

/** Stores a heartbeat once: a stream entry read again (after a takeover or restart) is skipped. @returns true if stored. */
export async function insertKeeperHeartbeat(db: Queryable, heartbeat: NewKeeperHeartbeat): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO keeper_heartbeats (stream_id, service, keeper, at, payload, valid, problems)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) ON CONFLICT (stream_id) DO NOTHING`,
    [
      heartbeat.streamId,
      heartbeat.service,
      heartbeat.keeper,
      heartbeat.at,
      heartbeat.payload === null ? null : JSON.stringify(heartbeat.payload),
      heartbeat.valid,
      [...heartbeat.problems],
    ],
  );
  return rowCount === 1;
}

/** Where stream reading resumes. Rows are stored in stream order by the single writer, so the newest id is the last read. */
export async function lastKeeperHeartbeatStreamId(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ stream_id: string }>(
    'SELECT stream_id FROM keeper_heartbeats ORDER BY id DESC LIMIT 1',
  );
  return rows[0]?.stream_id ?? null;
}

export async function latestKeeperHeartbeat(db: Queryable): Promise<KeeperHeartbeatRow | null> {
  const { rows } = await db.query<Raw>(`SELECT ${COLUMNS} FROM keeper_heartbeats ORDER BY id DESC LIMIT 1`);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function latestValidKeeperHeartbeat(db: Queryable): Promise<KeeperHeartbeatRow | null> {
  const { rows } = await db.query<Raw>(
    `SELECT ${COLUMNS} FROM keeper_heartbeats WHERE valid ORDER BY at DESC, id DESC LIMIT 1`,
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Deletes heartbeats received before `before`, keeping the newest row and the newest valid row. @returns rows deleted. */
export async function pruneKeeperHeartbeats(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM keeper_heartbeats WHERE received_at < $1
        AND id <> (SELECT max(id) FROM keeper_heartbeats)
        AND id IS DISTINCT FROM (SELECT id FROM keeper_heartbeats WHERE valid ORDER BY at DESC, id DESC LIMIT 1)`,
    [before],
  );
  return rowCount ?? 0;
}
