import { common, duration, int, parseEnv, port, string, url, type ConfigOf, type Env } from '@yv/config';

/** Every variable the watcher reads, with its default. Durations accept 1500, 1500ms, 30s, 5m, 2h. */
export const watcherEnv = {
  ...common,
  /** How often the vault state is read through Multicall3 and stored. */
  VAULT_SNAPSHOT_INTERVAL_MS: duration({ minMs: 100, default: 5_000 }),
  /** A vault snapshot older than this makes readiness report SNAPSHOT_STALE. */
  SNAPSHOT_STALE_MS: duration({ minMs: 1_000, default: 30_000 }),
  /** Timeout of one JSON-RPC request; ethers' own default is five minutes. */
  RPC_TIMEOUT_MS: duration({ minMs: 100, default: 10_000 }),
  /** Hyperliquid's info endpoint (POST {type: "vaultDetails", vaultAddress}). */
  HLP_API_URL: url({ default: 'http://127.0.0.1:8546/info' }),
  /** The HLP vault polled; default the deployment's hlpVault. */
  HLP_VAULT_ADDRESS: string({ optional: true }),
  HLP_POLL_INTERVAL_MS: duration({ minMs: 100, default: 60_000 }),
  HLP_REQUEST_TIMEOUT_MS: duration({ minMs: 100, default: 10_000 }),
  /** The newest good HLP snapshot older than this makes readiness report HLP_SNAPSHOT_STALE. */
  HLP_SNAPSHOT_STALE_MS: duration({ minMs: 1_000, default: 900_000 }),
  /** Redis stream the keeper publishes heartbeats to (docs/keeper-heartbeat.md). */
  KEEPER_HEARTBEAT_STREAM: string({ default: 'svc:keeper:heartbeats' }),
  /** The newest valid heartbeat older than this makes readiness report KEEPER_HEARTBEAT_STALE. */
  KEEPER_HEARTBEAT_STALE_MS: duration({ minMs: 1_000, default: 120_000 }),
  /** Longest one XREAD BLOCK waits; readiness is re-evaluated at least this often. */
  HEARTBEAT_BLOCK_MS: duration({ minMs: 10, maxMs: 60_000, default: 5_000 }),
  /** indexer_state.indexed_at older than this makes readiness report INDEXER_STALE. */
  INDEXER_STALE_MS: duration({ minMs: 1_000, default: 60_000 }),
  /** More blocks than this between the indexer's cursor and latest block is INDEXER_LAGGING. */
  INDEXER_MAX_LAG_BLOCKS: int({ min: 0, default: 20 }),
  /** How often a waiting replica retries the writer lock. */
  LOCK_RETRY_MS: duration({ minMs: 50, default: 2_000 }),
  /** Rows older than this are pruned (the newest row of each table is always kept). */
  RETENTION_MS: duration({ minMs: 60_000, default: 86_400_000 }),
  PRUNE_INTERVAL_MS: duration({ minMs: 1_000, default: 600_000 }),
  METRICS_PORT: port({ default: 9102 }),
};

export type WatcherConfig = ConfigOf<typeof watcherEnv>;

/** @throws ConfigError listing every bad variable. */
export function parseWatcherConfig(env: Env): WatcherConfig {
  return parseEnv(watcherEnv, env);
}
