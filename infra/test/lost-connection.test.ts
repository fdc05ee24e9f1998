// layouts: both
/**
 * A service's idle Postgres connection cut by the server (a restart, a failover, an operator's pg_terminate_backend)
 * is reported as a warning in the service's own JSON log, not as a bare line on stderr, and the service goes on with
 * a new connection. The webhook worker's pools: services/webhook-worker/test/pool-errors.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeDeployment } from '../../packages/devnet/src';
import { useDevnetVault, useTestDatabase, type TestDatabase } from '../../packages/testkit/src';
import { startGatewayProcess } from './support/gateway-process';
import { eventually, killIfRunning, startService, type RunningProcess } from './support/processes';

jest.setTimeout(120_000);

type Database = { readonly pool: TestDatabase['pool'] };
const idleConnections = async (db: Database, applicationName: string): Promise<number> => {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = $1 AND state = 'idle'`,
    [applicationName],
  );
  return rows[0]!.n;
};

/** Cuts the service's idle pool connections and checks what it logged, then that it connects again. */
async function cutIdleConnections(
  db: Database,
  running: RunningProcess,
  service: string,
  useThePool: () => Promise<void>,
): Promise<void> {
  const applicationName = `yv-${service}`;
  // A connection seen idle may be taken by the service's next query before it is cut, which then fails that query
  // instead (the indexer steps every 100 ms): cut the idle ones again until one was cut while idle.
  const LOST = /an idle connection was lost/;
  const line = await eventually(
    `${applicationName} to report an idle connection cut`,
    async () => {
      await db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND state = 'idle'`,
        [applicationName],
      );
      return running.lines.find((each) => LOST.test(each));
    },
    30_000,
  );
  const warning: unknown = JSON.parse(line);
  expect(warning).toMatchObject({ level: 40, service, err: { code: '57P01' } });
  expect(running.output()).not.toMatch(/postgres idle connection error/);
  await eventually(
    `${applicationName} connected again`,
    async () => {
      await useThePool();
      return (await idleConnections(db, applicationName)) > 0 ? true : undefined;
    },
    30_000,
  );
  expect(running.child.exitCode).toBeNull();
}

describe('the chain services', () => {
  const vault = useDevnetVault();
  const db = useTestDatabase();
  let dir: string;
  const processes: RunningProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'yv-lost-connection-'));
  });
  afterAll(async () => {
    await Promise.all(processes.map(killIfRunning));
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (service: 'indexer' | 'watcher'): Promise<RunningProcess> => {
    const deploymentFile = path.join(dir, `${service}.json`);
    writeDeployment(deploymentFile, vault.deployment);
    const running = await startService(`services/${service}/src/main.ts`, {
      DATABASE_URL: db.url,
      RPC_URL: vault.rpcUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      DEPLOYMENT_FILE: deploymentFile,
      POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'info',
    });
    processes.push(running);
    return running;
  };

  // Both poll their pool on their own: nothing to do for them to use it again.
  it.each(['indexer', 'watcher'] as const)('%s logs the lost connection and reconnects', async (service) => {
    const running = await start(service);
    await cutIdleConnections(db, running, service, async () => undefined);
  });
});

describe('the gateway', () => {
  let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
  beforeAll(async () => {
    gateway = await startGatewayProcess();
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
  });

  it('logs the lost connection and answers from a new one', async () => {
    const health = async () => {
      const res = await fetch(`${gateway.url}/api/v1/health`);
      expect(res.status).toBe(200);
    };
    await health();
    await cutIdleConnections(gateway.db, gateway.running, 'gateway', health);
  });
});
