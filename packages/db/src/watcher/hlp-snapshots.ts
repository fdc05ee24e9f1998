import type { Queryable } from '../queryable';

/** One poll of the HLP upstream: `series` when the answer validated, `error` when it did not. */
export type NewHlpSnapshot =
  | { vaultAddress: string; ok: true; raw: unknown; series: unknown }
  | { vaultAddress: string; ok: false; error: string; raw: unknown | null };

export interface HlpSnapshotRow {
  id: bigint;
  vaultAddress: string;
  fetchedAt: Date;
  ok: boolean;
  error: string | null;
  raw: unknown;
  series: unknown;
}

interface Raw {
  id: string;
  vault_address: string;
  fetched_at: Date;
  ok: boolean;
  error: string | null;
  raw: unknown;
  series: unknown;
}

const COLUMNS = 'id, vault_address, fetched_at, ok, error, raw, series';

const toRow = (r: Raw): HlpSnapshotRow => ({
  id: BigInt(r.id),
  vaultAddress: r.vault_address,
  fetchedAt: r.fetched_at,
  ok: r.ok,
  error: r.error,
  raw: r.raw,
  series: r.series,
});

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

export async function insertHlpSnapshot(db: Queryable, snapshot: NewHlpSnapshot): Promise<HlpSnapshotRow> {
  const { rows } = await db.query<Raw>(
    `INSERT INTO hlp_snapshots (vault_address, ok, error, raw, series)
     VALUES (lower($1), $2, $3, $4::jsonb, $5::jsonb) RETURNING ${COLUMNS}`,
    [
      snapshot.vaultAddress,
      snapshot.ok,
      snapshot.ok ? null : snapshot.error,
      json(snapshot.raw),
      snapshot.ok ? json(snapshot.series) : null,
    ],
  );
  return toRow(rows[0]!);
}

/** What the gateway serves: the newest snapshot that validated. Failures after it never hide it. */
export async function latestGoodHlpSnapshot(
  db: Queryable,
  vaultAddress: string,
): Promise<HlpSnapshotRow | null> {
  const { rows } = await db.query<Raw>(
    `SELECT ${COLUMNS} FROM hlp_snapshots WHERE vault_address = lower($1) AND ok
      ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    [vaultAddress],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The newest poll of either outcome, for health (is the upstream failing right now?). */
export async function latestHlpSnapshot(db: Queryable, vaultAddress: string): Promise<HlpSnapshotRow | null> {
  const { rows } = await db.query<Raw>(
    `SELECT ${COLUMNS} FROM hlp_snapshots WHERE vault_address = lower($1) ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    [vaultAddress],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Deletes polls fetched before `before`, always keeping the newest good snapshot of each vault. @returns rows deleted. */
export async function pruneHlpSnapshots(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM hlp_snapshots s WHERE s.fetched_at < $1
        AND s.id IS DISTINCT FROM (SELECT max(id) FROM hlp_snapshots g WHERE g.vault_address = s.vault_address AND g.ok)`,
    [before],
  );
  return rowCount ?? 0;
}
