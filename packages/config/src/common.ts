import { resolve } from 'node:path';
import { bool, oneOf, string, url } from './fields';

/** Where `pnpm devnet` writes the manifest: <repo root>/.devnet/deployment.json, found from this file's location. */
export const DEFAULT_DEPLOYMENT_FILE = resolve(__dirname, '../../../.devnet/deployment.json');

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Variables every service reads; spread into a service's own spec: `parseEnv({ ...common, PORT: port(...) }, process.env)`. */
export const common = {
  DATABASE_URL: url({
    protocols: ['postgres', 'postgresql'],
    default: 'postgres://postgres@127.0.0.1:5432/yieldvault',
  }),
  REDIS_URL: url({ protocols: ['redis', 'rediss'], default: 'redis://127.0.0.1:6379' }),
  RPC_URL: url({ protocols: ['http', 'https', 'ws', 'wss'], default: 'http://127.0.0.1:8545' }),
  DEPLOYMENT_FILE: string({ default: DEFAULT_DEPLOYMENT_FILE }),
  /** Dev default on; production sets 0 and runs `pnpm db:migrate` as a release step. */
  MIGRATE_ON_START: bool({ default: true }),
  LOG_LEVEL: oneOf(LOG_LEVELS, { default: 'info' }),
};
