import { Client } from 'pg';
import { createPool, isRetryableDbError, isUniqueViolation, type Pool } from '../src';
import { createTempDatabase, dropDatabase, tempDatabaseUrl } from './temp-database';

const url = tempDatabaseUrl();
let pool: Pool;

beforeAll(async () => {
  await createTempDatabase(url);
  pool = createPool(url, { max: 4, onError: () => undefined });
  await pool.query('CREATE TABLE accounts (id int PRIMARY KEY, balance int NOT NULL)');
  await pool.query('INSERT INTO accounts VALUES (1, 0), (2, 0)');
});
afterAll(async () => {
  await pool.end();
  await dropDatabase(url);
});

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

describe('isRetryableDbError', () => {
  it('retries a refused connection', async () => {
    const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:1/x' });
    const error = await caught(() => client.connect());
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isRetryableDbError(error)).toBe(true);
  });

  it('retries a serialization failure (40001)', async () => {
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      for (const c of [a, b]) await c.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      await a.query('SELECT sum(balance) FROM accounts');
      await b.query('SELECT sum(balance) FROM accounts');
      await a.query('UPDATE accounts SET balance = balance + 1 WHERE id = 1');
      await b.query('UPDATE accounts SET balance = balance + 1 WHERE id = 2');
      await a.query('COMMIT');
      const error = await caught(() => b.query('COMMIT'));
      expect(error).toMatchObject({ code: '40001' });
      expect(isRetryableDbError(error)).toBe(true);
    } finally {
      await b.query('ROLLBACK');
      a.release();
      b.release();
    }
  });

  it('retries a deadlock victim (40P01)', async () => {
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      for (const c of [a, b]) await c.query("BEGIN; SET LOCAL deadlock_timeout = '100ms'");
      await a.query('UPDATE accounts SET balance = 0 WHERE id = 1');
      await b.query('UPDATE accounts SET balance = 0 WHERE id = 2');
      const outcomes = await Promise.allSettled([
        a.query('UPDATE accounts SET balance = 0 WHERE id = 2'),
        b.query('UPDATE accounts SET balance = 0 WHERE id = 1'),
      ]);
      const errors = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ code: '40P01' });
      expect(isRetryableDbError(errors[0])).toBe(true);
    } finally {
      for (const c of [a, b]) await c.query('ROLLBACK');
      a.release();
      b.release();
    }
  });

  it('retries a session ended by an administrator (57P01)', async () => {
    const victim = new Client({ connectionString: url });
    victim.on('error', () => undefined);
    await victim.connect();
    const pid = (await victim.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const sleeping = caught(() => victim.query('SELECT pg_sleep(10)'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await pool.query('SELECT pg_terminate_backend($1)', [pid]);
    const error = await sleeping;
    expect(error).toMatchObject({ code: '57P01' });
    expect(isRetryableDbError(error)).toBe(true);
    await victim.end().catch(() => undefined);
  });

  it('does not retry errors that would happen again', async () => {
    const unique = await caught(() => pool.query('INSERT INTO accounts VALUES (1, 0)'));
    expect(unique).toMatchObject({ code: '23505' });
    expect(isRetryableDbError(unique)).toBe(false);
    const syntax = await caught(() => pool.query('SELEKT 1'));
    expect(syntax).toMatchObject({ code: '42601' });
    expect(isRetryableDbError(syntax)).toBe(false);
    expect(isRetryableDbError(new Error('boom'))).toBe(false);
    expect(isRetryableDbError('40001')).toBe(false);
    expect(isRetryableDbError(undefined)).toBe(false);
  });

  it('tells a unique violation from other failures', async () => {
    expect(isUniqueViolation(await caught(() => pool.query('INSERT INTO accounts VALUES (1, 0)')))).toBe(
      true,
    );
    expect(isUniqueViolation(await caught(() => pool.query('SELEKT 1')))).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('looks through causes and aggregate errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isRetryableDbError(new AggregateError([refused], ''))).toBe(true);
    expect(isRetryableDbError(new Error('indexer batch failed', { cause: refused }))).toBe(true);
  });
});
