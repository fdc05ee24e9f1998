import { createPool, isRetryableDbError, withTransaction, type Pool } from '../src';
import { createTempDatabase, dropDatabase, tempDatabaseUrl } from './temp-database';

const url = tempDatabaseUrl();
let pool: Pool;

beforeAll(async () => {
  await createTempDatabase(url);
  pool = createPool(url, { max: 2, onError: () => undefined });
  await pool.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
});
afterAll(async () => {
  await pool.end();
  await dropDatabase(url);
});
beforeEach(() => pool.query('TRUNCATE notes'));

const count = async (): Promise<number> =>
  Number((await pool.query('SELECT count(*) FROM notes')).rows[0].count);

describe('withTransaction', () => {
  it('commits and returns what fn returned', async () => {
    const result = await withTransaction(pool, async (client) => {
      await client.query("INSERT INTO notes VALUES (1, 'a'), (2, 'b')");
      return 'done';
    });
    expect(result).toBe('done');
    expect(await count()).toBe(2);
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it('rolls back every statement and rethrows the same error', async () => {
    const failure = new Error('rule broken half-way');
    await expect(
      withTransaction(pool, async (client) => {
        await client.query("INSERT INTO notes VALUES (1, 'a')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count()).toBe(0);
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it('rolls back when a statement fails', async () => {
    await expect(
      withTransaction(pool, async (client) => {
        await client.query("INSERT INTO notes VALUES (1, 'a')");
        await client.query("INSERT INTO notes VALUES (1, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(0);
  });

  it('destroys a connection that died mid-transaction instead of pooling it', async () => {
    const pids = new Set<number>();
    let error: unknown;
    try {
      await withTransaction(pool, async (client) => {
        pids.add((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
        await client.query('SELECT pg_terminate_backend(pg_backend_pid())');
      });
    } catch (caught) {
      error = caught;
    }
    expect(isRetryableDbError(error)).toBe(true);
    // The next checkout must be a new, working session, not the dead one.
    const { rows } = await pool.query('SELECT pg_backend_pid() AS pid');
    expect(pids.has(rows[0].pid)).toBe(false);
    expect(await count()).toBe(0);
  });
});
