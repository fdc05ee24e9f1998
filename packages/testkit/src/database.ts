import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier, escapeLiteral } from 'pg';
import { createPool, runMigrations, withDatabaseName, type Pool } from '@yv/db';
import { openDeliveryMismatches } from './webhooks';

/** Every test database's name starts with this, so the sweeper can find leftovers of crashed runs. */
export const TEST_DATABASE_PREFIX = 'yv_test_';

/** Comment stamped on each test database: Postgres keeps no creation time, and the sweeper needs an age. */
const CREATED_AT_COMMENT = /^yv test database created at (\S+)$/;

/** A test database of one test file: created, migrated, and dropped again. */
export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  readonly pool: Pool;
  /** Ends the pool and drops the database, disconnecting anyone still in it. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Migrations to apply; default the real schema in packages/db/migrations. */
  migrationsDir?: string;
  /** The server to create it on; default testServerUrl() (a test's own server: startOwnPostgres). */
  serverUrl?: string;
}

/** The server test databases are created on: TEST_DATABASE_URL, default the local Postgres. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function onServer<T>(
  work: (admin: Client) => Promise<T>,
  serverUrl: string = testServerUrl(),
): Promise<T> {
  const admin = new Client({ connectionString: serverUrl, application_name: 'yv-testkit' });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(admin: Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
}

/** Creates `yv_test_<pid>_<random>` on the test server and applies the migrations to it. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const serverUrl = options.serverUrl ?? testServerUrl();
  await onServer(async (admin) => {
    await admin.query(`CREATE DATABASE ${escapeIdentifier(name)}`);
    const comment = `yv test database created at ${new Date().toISOString()}`;
    await admin.query(`COMMENT ON DATABASE ${escapeIdentifier(name)} IS ${escapeLiteral(comment)}`);
  }, serverUrl);
  const url = withDatabaseName(serverUrl, name);
  try {
    await runMigrations({
      databaseUrl: url,
      ...(options.migrationsDir ? { dir: options.migrationsDir } : {}),
    });
  } catch (error) {
    await onServer((admin) => dropDatabase(admin, name), serverUrl);
    throw error;
  }
  const pool = createPool(url, { max: 5, applicationName: `yv-test-${process.pid}` });
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end();
      await onServer((admin) => dropDatabase(admin, name), serverUrl);
    },
  };
}

/**
 * Drops test databases left behind by runs that crashed before their afterAll. Only databases stamped more
 * than `olderThanMs` ago are touched, so files of a run still in progress keep theirs.
 * @returns names of the databases dropped.
 */
export async function dropStaleTestDatabases(olderThanMs = 3_600_000): Promise<string[]> {
  return onServer(async (admin) => {
    const { rows } = await admin.query<{ name: string; comment: string | null }>(
      `SELECT datname AS name, shobj_description(oid, 'pg_database') AS comment
         FROM pg_database WHERE starts_with(datname, $1)`,
      [TEST_DATABASE_PREFIX],
    );
    const cutoff = Date.now() - olderThanMs;
    const stale = rows
      .filter((row) => {
        const createdAt = Date.parse(CREATED_AT_COMMENT.exec(row.comment ?? '')?.[1] ?? '');
        return createdAt < cutoff;
      })
      .map((row) => row.name);
    for (const name of stale) await dropDatabase(admin, name);
    return stale;
  });
}

/**
 * Gives a jest test file its own migrated database: created in beforeAll, dropped in afterAll.
 * Read `db.pool` / `db.url` inside hooks and tests, not at describe time.
 */
export function useTestDatabase(options: TestDatabaseOptions = {}): {
  readonly pool: Pool;
  readonly url: string;
} {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
  });
  afterAll(async () => {
    const mismatches = database ? await openDeliveryMismatches(database.pool) : [];
    await database?.drop();
    database = undefined;
    if (mismatches.length > 0)
      throw new Error(`webhook_deliveries_open disagrees with webhook_deliveries:\n${mismatches.join('\n')}`);
  });
  const current = (): TestDatabase => {
    if (!database)
      throw new Error('useTestDatabase(): the database exists only between beforeAll and afterAll');
    return database;
  };
  return {
    get pool() {
      return current().pool;
    },
    get url() {
      return current().url;
    },
  };
}
