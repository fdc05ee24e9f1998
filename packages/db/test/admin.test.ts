import { Client } from 'pg';
import { ensureDatabase, withDatabaseName } from '../src';
import { dropDatabase, tempDatabaseUrl } from './temp-database';

describe('withDatabaseName', () => {
  it('keeps server and credentials and swaps the database', () => {
    expect(withDatabaseName('postgres://app:pw@db.internal:6432/yieldvault?sslmode=require', 'other')).toBe(
      'postgres://app:pw@db.internal:6432/other?sslmode=require',
    );
  });
});

describe('ensureDatabase', () => {
  const url = tempDatabaseUrl();
  afterAll(() => dropDatabase(url));

  it('creates a missing database once, even when asked twice at the same time', async () => {
    const created = await Promise.all([ensureDatabase(url), ensureDatabase(url)]);
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await ensureDatabase(url)).toBe(false);
    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.end();
    expect(rows[0]?.db).toBe(new URL(url).pathname.slice(1));
  });
});
