import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier, escapeLiteral } from 'pg';
import {
  createPool,
  ensureDatabase,
  runMigrations,
  withDatabaseName,
  type Pool,
  type PoolOptions,
} from '../src';

// @yv/testkit builds on this package, so these tests make their own throwaway databases.
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function tempDatabaseUrl(): string {
  return withDatabaseName(SERVER_URL, `yv_test_${process.pid}_${randomBytes(4).toString('hex')}`);
}

/** Creates the database stamped the way testkit stamps its own, so its stale-database sweeper also clears ours. */
export async function createTempDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  await onServer((admin) =>
    admin.query(
      `COMMENT ON DATABASE ${escapeIdentifier(nameOf(url))} IS ${escapeLiteral(`yv test database created at ${new Date().toISOString()}`)}`,
    ),
  );
}

/**
 * A migrated throwaway database for the file's tests, on a pool of `max` connections (`open`'s, createPool by
 * default), dropped after them.
 */
export function useMigratedDatabase<P extends Pool = Pool>(
  max: number,
  open: (url: string, options: PoolOptions) => P = createPool as (url: string, options: PoolOptions) => P,
): { pool: P; readonly url: string } {
  const url = tempDatabaseUrl();
  const db = { url } as { pool: P; readonly url: string };
  beforeAll(async () => {
    await createTempDatabase(url);
    await runMigrations({ databaseUrl: url });
    db.pool = open(url, { max, onError: () => undefined });
  });
  afterAll(async () => {
    await db.pool.end();
    await dropDatabase(url);
  });
  return db;
}

export async function dropDatabase(url: string): Promise<void> {
  await onServer((admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(nameOf(url))} WITH (FORCE)`),
  );
}

const nameOf = (url: string): string => decodeURIComponent(new URL(url).pathname.slice(1));

async function onServer(work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/** Reverts the newest migrations one by one through `name`: a migration's own test starts from just before it. */
export async function revertThrough(url: string, name: string): Promise<void> {
  for (;;) {
    const [reverted] = await runMigrations({ databaseUrl: url, direction: 'down' });
    if (reverted === undefined) throw new Error(`migration ${name} is not applied`);
    if (reverted === name) return;
  }
}
