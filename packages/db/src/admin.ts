import { Client, escapeIdentifier } from 'pg';
import { isUniqueViolation } from './errors';
import { MIGRATIONS_TABLE } from './migrate';
import type { Queryable } from './queryable';

/** The same server and credentials as `databaseUrl`, pointed at database `name`. */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/**
 * Creates the database named in `databaseUrl` if it does not exist, so a fresh Postgres works with
 * `pnpm db:migrate`. Connects to the maintenance database `postgres` only when the target is missing.
 * @returns true when this call created it.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const probe = new Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    return false;
  } catch (error) {
    if ((error as { code?: unknown }).code !== '3D000') throw error; // invalid_catalog_name: no such database
  } finally {
    await probe.end().catch(() => undefined);
  }
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new Client({ connectionString: withDatabaseName(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${escapeIdentifier(name)}`);
    return true;
  } catch (error) {
    // Another replica created it between our probe and now: duplicate_database, or, when both CREATEs ran at
    // the same instant, a unique violation on the pg_database catalog.
    if ((error as { code?: unknown }).code === '42P04' || isUniqueViolation(error)) return false;
    throw error;
  } finally {
    await admin.end();
  }
}

/**
 * Empties every table but the migrations' own: the database of a dev stack whose devnet started afresh, whose
 * rows describe a chain that no longer exists. Never called by a service.
 */
export async function emptyDatabase(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> $1`,
    [MIGRATIONS_TABLE],
  );
  const tables = rows.map((row) => escapeIdentifier(row.name));
  if (tables.length > 0) await db.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
  return rows.map((row) => row.name);
}
