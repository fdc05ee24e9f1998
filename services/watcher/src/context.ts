import type { JsonRpcProvider } from 'ethers';
import type { VaultLayout } from '@yv/chain';
import type { Deployment } from '@yv/config';
import type { Pool } from '@yv/db';
import type { Log } from '@yv/runtime';
import type { WatcherConfig } from './config';
import type { WatcherMetrics } from './metrics';

/** What every step of the watcher shares. `rpc` is the outcome of the latest vault read, kept in memory. */
export interface WatcherContext {
  config: WatcherConfig;
  deployment: Deployment;
  layout: VaultLayout;
  pool: Pool;
  provider: JsonRpcProvider;
  metrics: WatcherMetrics;
  log: Log;
  hlpVaultAddress: string;
  rpc: { healthy: boolean; error: string | null };
  /** When this process started watching: the age gauges count from it while nothing has been stored yet. */
  startedAt: Date;
}

export const errorMessage = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);
