import { Pool } from 'pg';

export interface PoolOptions {
  /** Most connections the pool opens. Default 10: every replica shares one Postgres, so keep it modest. */
  max?: number;
  /** Shown in pg_stat_activity, so an operator can tell which service holds a connection. Default `yv`. */
  applicationName?: string;
  /**
   * Called when an idle connection dies (server restart, network cut). The pool already drops that connection;
   * without a listener Node would crash the process on the unhandled 'error' event. Default: one line on stderr.
   */
  onError?: (error: Error) => void;
}

export function createPool(databaseUrl: string, options: PoolOptions = {}): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'yv',
    // Fail a checkout after 10 s instead of queueing forever behind a dead server.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  const onError =
    options.onError ?? ((error: Error) => console.error(`postgres idle connection error: ${error.message}`));
  pool.on('error', onError);
  return pool;
}
