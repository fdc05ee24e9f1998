import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { insertReadiness, type Pool } from '@yv/db';
import { startFixtureServer, writeDeployment, type FixtureServer } from '@yv/devnet';
import {
  createTestDatabase,
  createTestRedis,
  deployTestVault,
  type DevnetVault,
  type TestDatabase,
  type TestRedis,
} from '@yv/testkit';
import { loadGatewayConfig, type GatewayConfig } from '../../src/config';
import { createGatewayApp } from '../../src/server';
import { createGatewayContext, type GatewayContext } from '../../src/context';

/** A gateway as main.ts composes it, on a vault, database, Redis prefix and bridge fixture of its own. */
export interface TestGateway {
  app: Express;
  ctx: GatewayContext;
  config: GatewayConfig;
  vault: DevnetVault;
  pool: Pool;
  /** Publishes a readiness evaluation as the watcher would (all flags true unless overridden). */
  setReadiness(flags?: { deposits?: boolean; operations?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  /** RPC of the chain to deploy on; default the jest run's devnet (TEST_RPC_URL). */
  rpcUrl?: string;
  /** The PostgreSQL server its database is created on; default the suite's (a test's own: startOwnPostgres). */
  databaseServerUrl?: string;
  /** Extra gateway environment (ACTION_DROP_WINDOW, QUOTE_TTL_MS, ...), applied over the test defaults. */
  env?: Record<string, string>;
}

/** The routers of main.ts, in its order: keep the two in step. */
const READY = {
  display: true,
  history: true,
  activity: true,
  operations: true,
  deposits: true,
  reasonCodes: [] as string[],
  inputs: { source: 'gateway test' },
};

/**
 * Deploys a vault, creates a migrated database and a Redis prefix, writes the deployment file, and builds the
 * gateway context from environment variables exactly as the service does at start. Everything is torn down by
 * close(), the context first so no connection outlives its database.
 */
export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const owned: { db?: TestDatabase; redis?: TestRedis; fixture?: FixtureServer; dir?: string } = {};
  let ctx: GatewayContext | undefined;
  let vault: DevnetVault | undefined;
  const close = async () => {
    await ctx?.close();
    vault?.provider.destroy();
    await owned.fixture?.close();
    await owned.redis?.cleanup();
    await owned.db?.drop();
    if (owned.dir) rmSync(owned.dir, { recursive: true, force: true });
  };
  try {
    vault = await deployTestVault(undefined, options.rpcUrl);
    owned.db = await createTestDatabase(
      options.databaseServerUrl ? { serverUrl: options.databaseServerUrl } : {},
    );
    owned.redis = createTestRedis();
    owned.fixture = await startFixtureServer({ port: 0 });
    owned.dir = mkdtempSync(path.join(tmpdir(), 'yv-gateway-test-'));
    const deploymentFile = path.join(owned.dir, 'deployment.json');
    writeDeployment(deploymentFile, vault.deployment);
    const config = loadGatewayConfig({
      DATABASE_URL: owned.db.url,
      REDIS_URL: owned.redis.url,
      RPC_URL: vault.rpcUrl,
      DEPLOYMENT_FILE: deploymentFile,
      MIGRATE_ON_START: '0',
      LOG_LEVEL: 'error',
      BRIDGE_API_URL: owned.fixture.bridgeUrl,
      QUEUE_PREFIX: owned.redis.bullmqPrefix,
      // The watcher is not running: the readiness rows below stay valid for the whole file.
      READINESS_MAX_AGE_MS: '1h',
      ACTION_RECEIPT_POLL: '100ms',
      ACTION_EXPIRY_SWEEP: '500ms',
      // Every test file sends all its requests from one address and partner: limits are off unless a test sets them.
      RATE_LIMIT_PARTNER_PER_MINUTE: '0',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      RATE_LIMIT_REFUSED_KEYS_PER_MINUTE: '0',
      ...options.env,
    });
    const pool = owned.db.pool;
    const setReadiness = (flags: { deposits?: boolean; operations?: boolean } = {}) =>
      insertReadiness(pool, { ...READY, ...flags });
    await setReadiness();
    ctx = await createGatewayContext(config);
    return { app: createGatewayApp(ctx), ctx, config, vault, pool, setReadiness, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** jest: one TestGateway per file, started in beforeAll and closed in afterAll. Read fields inside hooks and tests. */
export function useTestGateway(options: TestGatewayOptions = {}): TestGateway {
  const gateway = {} as TestGateway;
  beforeAll(async () => {
    Object.assign(gateway, await startTestGateway(options));
  }, 120_000);
  afterAll(async () => {
    await gateway.close?.();
  });
  return gateway;
}
