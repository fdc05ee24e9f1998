export { ensureDatabase, withDatabaseName } from './admin';
export { isRetryableDbError } from './errors';
export { MIGRATIONS_DIR, MIGRATIONS_TABLE, runMigrations, type MigrateOptions } from './migrate';
export { createPool, type PoolOptions } from './pool';
export { withTransaction } from './transaction';
export type { Pool, PoolClient, QueryResultRow } from 'pg';
