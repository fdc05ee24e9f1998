import type { Queryable } from '../queryable';

/** One evaluation of health.ready; `inputs` records what it was computed from, for operators. */
export interface NewReadiness {
  display: boolean;
  history: boolean;
  activity: boolean;
  operations: boolean;
  deposits: boolean;
  reasonCodes: readonly string[];
  inputs: unknown;
}

export interface ReadinessRow extends NewReadiness {
  id: bigint;
  computedAt: Date;
}

interface Raw {
  id: string;
  computed_at: Date;
  display: boolean;
  history: boolean;
  activity: boolean;
  operations: boolean;
  deposits: boolean;
  reason_codes: string[];
  inputs: unknown;
}

export async function insertReadiness(db: Queryable, readiness: NewReadiness): Promise<void> {
  await db.query(
    `INSERT INTO readiness (display, history, activity, operations, deposits, reason_codes, inputs)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      readiness.display,
      readiness.history,
      readiness.activity,
      readiness.operations,
      readiness.deposits,
      [...readiness.reasonCodes],
      JSON.stringify(readiness.inputs),
    ],
  );
}

/** health.ready in one query: the newest evaluation. */
export async function latestReadiness(db: Queryable): Promise<ReadinessRow | null> {
  const { rows } = await db.query<Raw>(
    `SELECT id, computed_at, display, history, activity, operations, deposits, reason_codes, inputs
       FROM readiness ORDER BY id DESC LIMIT 1`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: BigInt(r.id),
    computedAt: r.computed_at,
    display: r.display,
    history: r.history,
    activity: r.activity,
    operations: r.operations,
    deposits: r.deposits,
    reasonCodes: r.reason_codes,
    inputs: r.inputs,
  };
}

/** Deletes evaluations older than `before`, always keeping the newest. @returns rows deleted. */
export async function pruneReadiness(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM readiness WHERE computed_at < $1 AND id <> (SELECT max(id) FROM readiness)',
    [before],
  );
  return rowCount ?? 0;
}
