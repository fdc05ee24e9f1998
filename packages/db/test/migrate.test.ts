import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool, MIGRATIONS_TABLE, runMigrations, type Pool } from '../src';
import { createTempDatabase, dropDatabase, tempDatabaseUrl } from './temp-database';

const CREATE_WIDGETS = `-- Up Migration
CREATE TABLE widgets (id bigserial PRIMARY KEY, name text NOT NULL);
-- Hold the lock a moment so a concurrent runner really has to wait for it.
SELECT pg_sleep(0.3);

-- Down Migration
DROP TABLE widgets;
`;

const ADD_COLOR = `-- Up Migration
ALTER TABLE widgets ADD COLUMN color text;

-- Down Migration
ALTER TABLE widgets DROP COLUMN color;
`;

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'yv-migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  writeFileSync(join(dir, '.gitkeep'), '');
  return dir;
}

async function freshDatabase(): Promise<{ url: string; pool: Pool }> {
  const url = tempDatabaseUrl();
  await createTempDatabase(url);
  return { url, pool: createPool(url, { max: 2 }) };
}

async function columns(pool: Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
    [table],
  );
  return rows.map((row) => row.column_name);
}

async function appliedNames(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
  return rows.map((row) => row.name);
}

describe('runMigrations', () => {
  const dirs: string[] = [];
  const databases: { url: string; pool: Pool }[] = [];
  const setup = async (files: Record<string, string>) => {
    const dir = migrationsDir(files);
    const db = await freshDatabase();
    dirs.push(dir);
    databases.push(db);
    return { dir, ...db };
  };
  afterAll(async () => {
    for (const db of databases) {
      await db.pool.end();
      await dropDatabase(db.url);
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('applies pending SQL migrations in order, then does nothing the second time', async () => {
    const { dir, url, pool } = await setup({
      '1700000000000_create_widgets.sql': CREATE_WIDGETS,
      '1700000000001_add_color.sql': ADD_COLOR,
    });
    const lines: string[] = [];
    expect(await runMigrations({ databaseUrl: url, dir, log: (line) => lines.push(line) })).toEqual([
      '1700000000000_create_widgets',
      '1700000000001_add_color',
    ]);
    expect(lines).toContain('> - 1700000000001_add_color');
    expect(await columns(pool, 'widgets')).toEqual(['id', 'name', 'color']);
    expect(await runMigrations({ databaseUrl: url, dir })).toEqual([]);
    expect(await appliedNames(pool)).toEqual(['1700000000000_create_widgets', '1700000000001_add_color']);
  });

  it('reverts the last migration with direction down', async () => {
    const { dir, url, pool } = await setup({
      '1700000000000_create_widgets.sql': CREATE_WIDGETS,
      '1700000000001_add_color.sql': ADD_COLOR,
    });
    await runMigrations({ databaseUrl: url, dir });
    expect(await runMigrations({ databaseUrl: url, dir, direction: 'down' })).toEqual([
      '1700000000001_add_color',
    ]);
    expect(await columns(pool, 'widgets')).toEqual(['id', 'name']);
    expect(await appliedNames(pool)).toEqual(['1700000000000_create_widgets']);
  });

  it('lets two concurrent runners both succeed, creating the tables once', async () => {
    const { dir, url, pool } = await setup({
      '1700000000000_create_widgets.sql': CREATE_WIDGETS,
      '1700000000001_add_color.sql': ADD_COLOR,
    });
    const results = await Promise.all([
      runMigrations({ databaseUrl: url, dir }),
      runMigrations({ databaseUrl: url, dir }),
    ]);
    expect(results.map((names) => names.length).sort()).toEqual([0, 2]);
    expect(await appliedNames(pool)).toEqual(['1700000000000_create_widgets', '1700000000001_add_color']);
  });

  it('rolls back every pending migration when one fails', async () => {
    const { dir, url, pool } = await setup({
      '1700000000000_create_widgets.sql': CREATE_WIDGETS,
      '1700000000001_broken.sql': '-- Up Migration\nALTER TABLE no_such_table ADD COLUMN x int;\n',
    });
    await expect(runMigrations({ databaseUrl: url, dir })).rejects.toThrow(
      'relation "no_such_table" does not exist',
    );
    expect(await columns(pool, 'widgets')).toEqual([]);
    expect(await appliedNames(pool)).toEqual([]);
  });

  it('refuses a migration older than one already applied', async () => {
    const { dir, url } = await setup({ '1700000000001_add_color.sql': CREATE_WIDGETS });
    await runMigrations({ databaseUrl: url, dir });
    writeFileSync(join(dir, '1700000000000_early.sql'), '-- Up Migration\nSELECT 1;\n');
    await expect(runMigrations({ databaseUrl: url, dir })).rejects.toThrow(
      /Not run migration 1700000000000_early is preceding/,
    );
  });
});
