import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { insertReadiness } from '../../../packages/db/src';
import { startFixtureServer, writeDeployment, type FixtureServer } from '../../../packages/devnet/src';
import {
  createTestDatabase,
  createTestRedis,
  deployTestVault,
  freePort,
  type DevnetVault,
  type TestDatabase,
  type TestRedis,
} from '../../../packages/testkit/src';
import { createPartner } from '../../../services/gateway/src/admin/commands';
import { eventually, killIfRunning, startService, type RunningProcess } from './processes';

/** `tsx services/gateway/src/main.ts` on a vault, database, Redis prefix and bridge fixture of its own. */
export interface GatewayProcess {
  running: RunningProcess;
  url: string;
  port: number;
  vault: DevnetVault;
  db: TestDatabase;
  redis: TestRedis;
  partner: { partnerId: string; apiKey: string; webhookSecret: string };
  cronSecret: string;
  /** Starts another gateway process on the same database, Redis prefix, chain and port (the previous one exited). */
  restart(): Promise<RunningProcess>;
  close(): Promise<void>;
}

const READY = {
  display: true,
  history: true,
  activity: true,
  operations: true,
  deposits: true,
  reasonCodes: [] as string[],
  inputs: { source: 'infra test' },
};

export async function startGatewayProcess(
  env: Record<string, string> = {},
  /** `rpcUrl`: a chain of the test's own (default the run's shared devnet). */
  opts: { rpcUrl?: string } = {},
): Promise<GatewayProcess> {
  const owned: { db?: TestDatabase; redis?: TestRedis; fixture?: FixtureServer; dir?: string } = {};
  let vault: DevnetVault | undefined;
  let running: RunningProcess | undefined;
  const close = async () => {
    await killIfRunning(running);
    vault?.provider.destroy();
    await owned.fixture?.close();
    await owned.redis?.cleanup();
    await owned.db?.drop();
    if (owned.dir) rmSync(owned.dir, { recursive: true, force: true });
  };
  try {
    vault = await deployTestVault(undefined, opts.rpcUrl);
    owned.db = await createTestDatabase();
    owned.redis = createTestRedis();
    owned.fixture = await startFixtureServer({ port: 0 });
    owned.dir = mkdtempSync(path.join(tmpdir(), 'yv-gateway-process-'));
    const deploymentFile = path.join(owned.dir, 'deployment.json');
    writeDeployment(deploymentFile, vault.deployment);
    // The watcher is not running: this readiness row stays valid for the whole file (READINESS_MAX_AGE_MS).
    await insertReadiness(owned.db.pool, READY);
    const partner = await createPartner(owned.db.pool, { name: 'infra-test' });
    const cronSecret = randomBytes(24).toString('hex');
    const port = await freePort();
    const gatewayEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: owned.db.url,
      REDIS_URL: owned.redis.url,
      QUEUE_PREFIX: owned.redis.bullmqPrefix,
      RPC_URL: vault.rpcUrl,
      DEPLOYMENT_FILE: deploymentFile,
      BRIDGE_API_URL: owned.fixture.bridgeUrl,
      CRON_SECRET: cronSecret,
      LOG_LEVEL: 'info',
      READINESS_MAX_AGE_MS: '1h',
      ACTION_RECEIPT_POLL: '100ms',
      ...env,
    };
    const url = `http://127.0.0.1:${port}`;
    const launch = async () => {
      await killIfRunning(running);
      running = await startService('services/gateway/src/main.ts', gatewayEnv);
      await eventually(
        'the gateway to answer /readyz',
        async () => ((await fetch(`${url}/readyz`)).ok ? true : undefined),
        60_000,
      );
      return running;
    };
    const gateway: GatewayProcess = {
      running: await launch(),
      url,
      port,
      vault,
      db: owned.db,
      redis: owned.redis,
      partner,
      cronSecret,
      restart: async () => (gateway.running = await launch()),
      close,
    };
    return gateway;
  } catch (error) {
    await close();
    throw error;
  }
}

/** Every JSON line the process wrote (non-JSON lines, such as a tsx warning, are skipped). */
export function jsonLines(running: RunningProcess): Record<string, unknown>[] {
  return running.lines.flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}
