import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, escapeIdentifier } from 'pg';
import { createTestDatabase, dropStaleTestDatabases, testServerUrl, useTestDatabase } from '../src/database';

const migrationsDir = mkdtempSync(join(tmpdir(), 'yv-testkit-migrations-'));
writeFileSync(
  join(migrationsDir, '1700000000000_create_items.sql'),
  '-- Up Migration\nCREATE TABLE items (id int PRIMARY KEY);\n-- Down Migration\nDROP TABLE items;\n',
);
afterAll(() => rmSync(migrationsDir, { recursive: true, force: true }));

async function onServer<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const databaseExists = (name: string): Promise<boolean> =>
  onServer(
    async (admin) =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );

describe('createTestDatabase', () => {
  it('creates a migrated database of its own and drops it, even with sessions still open', async () => {
    const db = await createTestDatabase({ migrationsDir });
    expect(db.name).toMatch(new RegExp(`^yv_test_${process.pid}_[0-9a-f]{8}$`));
    expect(new URL(db.url).pathname).toBe(`/${db.name}`);
    expect(await databaseExists(db.name)).toBe(true);
    await db.pool.query('INSERT INTO items VALUES (1)');
    expect((await db.pool.query('SELECT current_database() AS name')).rows[0].name).toBe(db.name);

    const straggler = new Client({ connectionString: db.url });
    straggler.on('error', () => undefined);
    await straggler.connect();
    await db.drop();
    expect(await databaseExists(db.name)).toBe(false);
    await expect(db.pool.query('SELECT 1')).rejects.toThrow();
  });

  it('gives each call a different database', async () => {
    const [a, b] = await Promise.all([
      createTestDatabase({ migrationsDir }),
      createTestDatabase({ migrationsDir }),
    ]);
    try {
      expect(a.name).not.toBe(b.name);
      await a.pool.query('INSERT INTO items VALUES (1)');
      expect((await b.pool.query('SELECT count(*)::int AS n FROM items')).rows[0].n).toBe(0);
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
  });

  it('drops the database again when a migration fails', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'yv-testkit-broken-'));
    writeFileSync(join(broken, '1700000000000_broken.sql'), '-- Up Migration\nCREATE TABLE;\n');
    const before = await onServer(
      async (admin) =>
        (
          await admin.query('SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE $1', [
            `yv\\_test\\_${process.pid}\\_%`,
          ])
        ).rows[0].n,
    );
    await expect(createTestDatabase({ migrationsDir: broken })).rejects.toThrow(/syntax error/);
    const after = await onServer(
      async (admin) =>
        (
          await admin.query('SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE $1', [
            `yv\\_test\\_${process.pid}\\_%`,
          ])
        ).rows[0].n,
    );
    expect(after).toBe(before);
    rmSync(broken, { recursive: true, force: true });
  });
});

describe('dropStaleTestDatabases', () => {
  const names = { stale: `yv_test_${process.pid}_stale00`, unstamped: `yv_test_${process.pid}_nostamp` };
  afterAll(() =>
    onServer(async (admin) => {
      for (const name of Object.values(names))
        await admin.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
    }),
  );

  it('drops test databases stamped over an hour ago and keeps the rest', async () => {
    const fresh = await createTestDatabase({ migrationsDir });
    try {
      await onServer(async (admin) => {
        for (const name of Object.values(names))
          await admin.query(`CREATE DATABASE ${escapeIdentifier(name)}`);
        const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
        await admin.query(
          `COMMENT ON DATABASE ${escapeIdentifier(names.stale)} IS 'yv test database created at ${twoHoursAgo}'`,
        );
      });
      const dropped = await dropStaleTestDatabases();
      expect(dropped).toContain(names.stale);
      expect(dropped).not.toContain(fresh.name);
      expect(await databaseExists(names.stale)).toBe(false);
      expect(await databaseExists(fresh.name)).toBe(true);
      // Age unknown: it may be a database being created right now, so it is left alone.
      expect(await databaseExists(names.unstamped)).toBe(true);
    } finally {
      await fresh.drop();
    }
  });
});

describe('useTestDatabase', () => {
  const db = useTestDatabase({ migrationsDir });
  let name = '';
  // Declared after useTestDatabase(), so it runs after that helper's own afterAll.
  afterAll(async () => expect(await databaseExists(name)).toBe(false));
  let earlyAccess: unknown;
  try {
    void db.pool;
  } catch (error) {
    earlyAccess = error;
  }

  it('refuses access before its beforeAll ran', () => {
    expect(earlyAccess).toEqual(
      new Error('useTestDatabase(): the database exists only between beforeAll and afterAll'),
    );
  });

  it('hands the test file a migrated database', async () => {
    await db.pool.query('INSERT INTO items VALUES (7)');
    expect((await db.pool.query('SELECT id FROM items')).rows).toEqual([{ id: 7 }]);
    name = new URL(db.url).pathname.slice(1);
    expect(await databaseExists(name)).toBe(true);
  });
});
