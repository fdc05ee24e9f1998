import type { Queryable } from '../queryable';

/** The newest good HLP snapshot's identity, without its (large) payloads: readers reload the series only when it changes. */
export async function latestGoodHlpSnapshotRef(
  db: Queryable,
  vaultAddress: string,
): Promise<{ id: bigint; fetchedAt: Date } | null> {
  const { rows } = await db.query<{ id: string; fetched_at: Date }>(
    `SELECT id, fetched_at FROM hlp_snapshots WHERE vault_address = lower($1) AND ok
      ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    [vaultAddress],
  );
  return rows[0] ? { id: BigInt(rows[0].id), fetchedAt: rows[0].fetched_at } : null;
}

/** The validated series of one snapshot (hlp_snapshots.series); null when the row is gone or was not ok. */
export async function hlpSnapshotSeries(db: Queryable, id: bigint): Promise<unknown> {
  const { rows } = await db.query<{ series: unknown }>(
    'SELECT series FROM hlp_snapshots WHERE id = $1 AND ok',
    [id.toString()],
  );
  return rows[0]?.series ?? null;
}
