import type { Provider } from 'ethers';
import type { RpcEndpointHealth, VaultLayout } from '@yv/chain';
import { duration, int, string, type ConfigOf, type Deployment, type ProductConfig } from '@yv/config';
import type { Pool } from '@yv/db';
import type { FreshnessThresholds } from '@yv/domain';
import type { Tokens } from './tokens';

/** About weekly over a year of history: enough for a first-screen sparkline. */
export const DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS = 60;

/**
 * Environment of the reads, to spread into the gateway's config spec. The freshness thresholds have the
 * watcher's defaults: health must call "stale" what readiness calls stale. How far the indexer may lag is the
 * watcher's alone: health reports the lag, readiness (INDEXER_LAGGING) judges it.
 */
export const readsSpec = {
  /** How long shared reads (snapshots, indexer state, readiness, chain head) are reused across requests; quotes too. */
  READ_CACHE_TTL_MS: duration({ minMs: 0, maxMs: 10_000, default: 1_000 }),
  /** Longest one bootstrap section may take before it is reported failed and left null. */
  BOOTSTRAP_SECTION_TIMEOUT_MS: duration({ minMs: 50, maxMs: 30_000, default: 2_000 }),
  /** Points per HLP series (pnl, tvl, rolling30d) in bootstrap: about weekly over a year; /hlp serves them daily. */
  BOOTSTRAP_HLP_SERIES_POINTS: int({ min: 2, max: 480, default: DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS }),
  /** The HLP vault whose upstream snapshots are served; default the deployment's hlpVault. */
  HLP_VAULT_ADDRESS: string({ optional: true }),
  SNAPSHOT_STALE_MS: duration({ minMs: 1_000, default: 30_000 }),
  HLP_SNAPSHOT_STALE_MS: duration({ minMs: 1_000, default: 900_000 }),
  KEEPER_HEARTBEAT_STALE_MS: duration({ minMs: 1_000, default: 120_000 }),
  INDEXER_STALE_MS: duration({ minMs: 1_000, default: 60_000 }),
};

export type ReadsConfig = ConfigOf<typeof readsSpec>;

export interface ReadServicesOptions {
  pool: Pool;
  /** The chain the live reads (positions, gas, chain head) go to. */
  provider: Provider;
  deployment: Deployment;
  /** The deployment's contract layout: the position reads come from it. */
  layout: VaultLayout;
  product: ProductConfig;
  /** The tokens' metadata, read once per process (tokenReader): shared with the quotes. */
  tokens: () => Promise<Tokens>;
  thresholds: FreshnessThresholds;
  /** The watcher's readiness evaluation older than this counts as none (READINESS_STALE). */
  readinessMaxAgeMs: number;
  /** Default deployment.contracts.hlpVault. */
  hlpVaultAddress?: string;
  /** Default 1000; 0 shares only reads in flight (tests that change state between requests). */
  cacheTtlMs?: number;
  /** What this gateway has seen of each RPC endpoint, for health; default none shown. */
  rpcEndpoints?: () => RpcEndpointHealth[];
}

export function freshnessThresholdsOf(config: ReadsConfig): FreshnessThresholds {
  return {
    snapshotStaleMs: config.SNAPSHOT_STALE_MS,
    hlpSnapshotStaleMs: config.HLP_SNAPSHOT_STALE_MS,
    indexerStaleMs: config.INDEXER_STALE_MS,
    keeperHeartbeatStaleMs: config.KEEPER_HEARTBEAT_STALE_MS,
  };
}
