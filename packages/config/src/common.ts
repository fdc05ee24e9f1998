import { resolve } from 'node:path';
import { bool, oneOf, rpcEndpointList, string, url, type RpcEndpoint } from './fields';

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
  /** Several endpoints in order of preference, with failover; when set, RPC_URL is not used. */
  RPC_URLS: rpcEndpointList({ optional: true }),
  DEPLOYMENT_FILE: string({ default: DEFAULT_DEPLOYMENT_FILE }),
  /** Dev default on; production sets 0 and runs `pnpm db:migrate` as a release step. */
  MIGRATE_ON_START: bool({ default: true }),
  LOG_LEVEL: oneOf(LOG_LEVELS, { default: 'info' }),
};

/** The endpoints a service's JSON-RPC clients use: RPC_URLS when set, else RPC_URL alone. */
export function rpcEndpointsOf(config: {
  RPC_URL: string;
  RPC_URLS: readonly RpcEndpoint[] | undefined;
}): readonly RpcEndpoint[] {
  return config.RPC_URLS ?? [{ url: config.RPC_URL }];
}
