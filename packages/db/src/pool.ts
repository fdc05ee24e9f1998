import { Pool } from 'pg';

export interface PoolOptions {
  /** Most connections the pool opens. Default 10: every replica shares one Postgres, so keep it modest. */
  max?: number;
  /** Shown in pg_stat_activity, so an operator can tell which service holds a connection. Default `yv`. */
  applicationName?: string;
  /**
   * Called when an idle connection dies (server restart, network cut), unless the pool is ending. The pool already
   * drops that connection; without a listener Node would crash the process on the unhandled 'error' event.
   * Default: one line on stderr, for scripts and tests; a service passes `warnLostConnection` (@yv/runtime), for its
   * own log.
   */
  onError?: (error: Error) => void;
}

declare const indexScansOnly: unique symbol;
/**
 * A pool whose connections plan with seq and bitmap scans off, for statements that take a batch of rows by key out
 * of tables a burst grows faster than their statistics (the webhook relay, claim and record: deliveries.ts). The
 * setting is the connection's own, so no SET LOCAL (and no transaction of its own) has to precede each statement.
 */
export type IndexScanPool = Pool & { readonly [indexScansOnly]: true };

export function createIndexScanPool(databaseUrl: string, options: PoolOptions = {}): IndexScanPool {
  return openPool(withOptions(databaseUrl, INDEX_SCANS_ONLY), options) as IndexScanPool;
}

const INDEX_SCANS_ONLY = '-c enable_seqscan=off -c enable_bitmapscan=off';

/** A URL's own `options` would replace a pool's (pg reads the URL last): ours are added to them instead. */
function withOptions(databaseUrl: string, settings: string): string {
  const url = new URL(databaseUrl);
  const given = url.searchParams.get('options');
  url.searchParams.set('options', given ? `${given} ${settings}` : settings);
  return url.toString();
}

export function createPool(databaseUrl: string, options: PoolOptions = {}): Pool {
  return openPool(databaseUrl, options);
}

function openPool(databaseUrl: string, options: PoolOptions): Pool {
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
  // end() resolves before its connections have closed, and one the server cuts meanwhile (a database dropped WITH
  // (FORCE) right after, a server going down) reports an error: not an idle connection dying, so not reported.
  pool.on('error', (error) => {
    if (!pool.ending) onError(error);
  });
  // pg-pool listens for a connection's errors only while it is idle. One that dies checked out between two
  // statements (a server restart terminating every backend, a database dropped WITH (FORCE)) emitted 'error' to no
  // listener, which ends the process (seen once in CI: a jest suite failed on 57P01). Its holder learns it from its
  // next statement, which fails, and the pool discards the connection when it comes back; idle ones are reported above.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
