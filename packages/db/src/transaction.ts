import type { Pool, PoolClient } from 'pg';

/**
 * Runs `fn` inside BEGIN/COMMIT on one pooled connection. Any error rolls back and is rethrown unchanged.
 * The connection always goes back to the pool, or is destroyed when it broke on the way (its session state
 * is unknown).
 */
export async function withTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection that dies while checked out emits 'error', which would crash the process if nobody listened.
  // The statement in flight rejects on its own, so here we only remember not to pool the connection again.
  let broken: Error | undefined;
  const onError = (error: Error): void => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken ??= rollbackError;
    });
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken ?? false);
  }
}
