import { Client } from 'pg';
import { createPool } from '../src';
import { createTempDatabase, dropDatabase, tempDatabaseUrl } from './temp-database';

const url = tempDatabaseUrl();
beforeAll(() => createTempDatabase(url));
afterAll(() => dropDatabase(url));

describe('createPool', () => {
  it('names its connections and survives an idle connection being killed', async () => {
    const errors: Error[] = [];
    const pool = createPool(url, {
      max: 3,
      applicationName: 'yv-pool-test',
      onError: (error) => errors.push(error),
    });
    try {
      const { rows } = await pool.query('SELECT current_setting($1) AS name, pg_backend_pid() AS pid', [
        'application_name',
      ]);
      expect(rows[0].name).toBe('yv-pool-test');
      expect(pool.idleCount).toBe(1);

      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      for (let i = 0; i < 50 && errors.length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));

      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ code: '57P01' });
      expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('outlives a connection killed while checked out between two statements; the next statement fails, the pool goes on', async () => {
    const pool = createPool(url, { max: 1, onError: () => undefined });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      // The server's FATAL reaches the client while it holds no statement: with nobody listening, it ended the process.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release();
      expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('reports nothing of a connection cut while end() closes it', async () => {
    const errors: Error[] = [];
    const pool = createPool(url, { max: 1, onError: (error) => errors.push(error) });
    const client = await pool.connect();
    client.release();
    const ending = pool.end();
    // What the connection emits when the server cuts it before it closed (DROP DATABASE ... WITH (FORCE) right after
    // end() resolved): the pool's idle listener is still on it.
    client.emit(
      'error',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    );
    await ending;
    expect(errors).toEqual([]);
  });
});
