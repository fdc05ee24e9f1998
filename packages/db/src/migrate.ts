import { resolve } from 'node:path';
import { runner } from 'node-pg-migrate';
import { Client } from 'pg';
import { ADVISORY_LOCKS } from './advisory-lock';

/** The schema's history: `<timestamp>_<name>.sql` files with `-- Up Migration` / `-- Down Migration` sections. */
export const MIGRATIONS_DIR = resolve(__dirname, '../migrations');

export const MIGRATIONS_TABLE = 'pgmigrations';

export interface MigrateOptions {
  databaseUrl: string;
  /** Folder of migration files. Default MIGRATIONS_DIR. */
  dir?: string;
  /** `up` applies every pending migration; `down` reverts the last applied one. Default `up`. */
  direction?: 'up' | 'down';
  /** How many migrations to apply or revert. Default: every pending one up, the last applied one down. */
  count?: number;
  /** Receives node-pg-migrate's progress lines. Default: silent. */
  log?: (message: string) => void;
}

/**
 * Applies pending migrations in one transaction, in file order, refusing to run a file older than one already
 * applied. Safe to call from several processes at once.
 * @returns names of the migrations applied (or reverted), in order; empty when the schema was already current.
 */
export async function runMigrations(options: MigrateOptions): Promise<string[]> {
  const client = new Client({ connectionString: options.databaseUrl, application_name: 'yv-migrate' });
  await client.connect();
  try {
    // node-pg-migrate's own lock is try-or-fail, which would crash the second of two replicas starting together;
    // this one makes the second wait, then find nothing left to run.
    await client.query('SELECT pg_advisory_lock($1::bigint)', [ADVISORY_LOCKS.migrations.toString()]);
    const applied = await runner({
      dbClient: client,
      dir: options.dir ?? MIGRATIONS_DIR,
      direction: options.direction ?? 'up',
      ...(options.count === undefined ? {} : { count: options.count }),
      migrationsTable: MIGRATIONS_TABLE,
      checkOrder: true,
      singleTransaction: true,
      noLock: true,
      log: options.log ?? (() => undefined),
    });
    return applied.map((migration) => migration.name);
  } finally {
    // Ending the session releases the advisory lock, even when the runner failed mid-way.
    await client.end();
  }
}
