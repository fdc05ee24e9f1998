import pino from 'pino';
import type { Provider } from 'ethers';
import type { Express } from 'express';
import { vaultLayout } from '@yv/chain';
import { readProductConfig } from '@yv/config';
import type { Pool } from '@yv/db';
import { createServiceMetrics, type ServiceMetrics } from '@yv/metrics';
import { buildOpenApi, createValidator, type SchemaName } from '@yv/schemas';
import { testRpcUrl, type DevnetVault } from '@yv/testkit';
import { createWatcher, parseWatcherConfig, type Watcher } from '../../watcher/src';
import { createApp } from '../src/app';
import { DEFAULT_PRODUCT_CONFIG_FILE } from '../src/config';
import {
  createReadServices,
  DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS,
  readsRouter,
  type ReadServices,
} from '../src/reads';
import type { ReadServicesOptions } from '../src/reads/options';
import { tokenReader } from '../src/reads/tokens';

const validator = createValidator();

/** Fails with every schema problem listed when `body` does not validate. */
export function expectValid(schema: SchemaName, body: unknown): void {
  const result = validator.validate(schema, body);
  if (!result.ok)
    throw new Error(
      `${schema} invalid:\n${result.errors.join('\n')}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
}

export const THRESHOLDS = {
  snapshotStaleMs: 60_000,
  hlpSnapshotStaleMs: 900_000,
  indexerStaleMs: 60_000,
  keeperHeartbeatStaleMs: 120_000,
};

export interface ReadsApp {
  app: Express;
  services: ReadServices;
  metrics: ServiceMetrics;
}

/** The gateway app with only the reads mounted, on the given database and chain provider; nothing cached. */
export function readsApp(
  vault: DevnetVault,
  pool: Pool,
  provider: Provider = vault.provider,
  options: Partial<ReadServicesOptions> = {},
): ReadsApp {
  const metrics = createServiceMetrics('gateway');
  const services = createReadServices({
    pool,
    provider,
    deployment: vault.deployment,
    layout: vaultLayout(vault.deployment),
    product: readProductConfig(DEFAULT_PRODUCT_CONFIG_FILE),
    tokens: tokenReader(provider, vault.deployment),
    thresholds: THRESHOLDS,
    readinessMaxAgeMs: 60_000,
    cacheTtlMs: 0,
    ...options,
  });
  const app = createApp({
    log: pino({ level: 'silent' }),
    metrics,
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1:3000' }),
    bodyLimitBytes: 65_536,
    routers: [
      readsRouter({
        services,
        metrics,
        sectionTimeoutMs: 3_000,
        bootstrapHlpSeriesPoints: DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS,
      }),
    ],
  });
  return { app, services, metrics };
}

/** A watcher on the test's database, Redis prefix and HLP fixture, stepped by the test (`runOnce`). */
export function readsWatcher(
  vault: DevnetVault,
  db: { url: string; pool: Pool },
  redis: { url: string; prefix: string },
  hlpUrl: string,
): Watcher {
  return createWatcher({
    config: parseWatcherConfig({
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      RPC_URL: testRpcUrl(),
      MIGRATE_ON_START: '0',
      HLP_API_URL: hlpUrl,
      HLP_REQUEST_TIMEOUT_MS: '2000',
      KEEPER_HEARTBEAT_STREAM: `${redis.prefix}heartbeats`,
      LOG_LEVEL: 'error',
    }),
    deployment: vault.deployment,
    pool: db.pool,
  });
}
