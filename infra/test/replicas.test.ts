// layouts: both
/**
 * Replicas of the writers (issue 53; `pnpm replicas` runs it alone, and it is part of the main run). Two indexers
 * and two watchers run as real processes on one PostgreSQL and Redis, with their default lock retry; one of each
 * holds its writer lock. `kill -9` of the holder hands the lock to the other: each row prints the seconds from the
 * kill until the other replica leads and asserts at most 5 s, and that the new leader goes on writing (a deposit
 * made after the kill is indexed; a new vault snapshot is stored) without any row written twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFixtureServer, writeDeployment, type FixtureServer } from '../../packages/devnet/src';
import {
  createTestDatabase,
  createTestRedis,
  deployTestVault,
  type DevnetVault,
  type TestDatabase,
  type TestRedis,
} from '../../packages/testkit/src';
import { deposit, USDC } from '../../services/indexer/test/helpers';
import { eventually, killIfRunning, startService, type RunningProcess } from './support/processes';

jest.setTimeout(240_000);

const HANDOVER_BOUND_S = 5;
const TAKEN = /writer lock taken/;

let vault: DevnetVault;
let db: TestDatabase;
let redis: TestRedis;
let fixture: FixtureServer;
let dir: string;
const processes: RunningProcess[] = [];
const table: string[] = [];

beforeAll(async () => {
  vault = await deployTestVault();
  db = await createTestDatabase();
  redis = createTestRedis();
  fixture = await startFixtureServer({ port: 0 });
  dir = mkdtempSync(path.join(tmpdir(), 'yv-replicas-'));
  writeDeployment(path.join(dir, 'deployment.json'), vault.deployment);
}, 120_000);
afterAll(async () => {
  for (const running of processes) await killIfRunning(running);
  console.log(
    ['', 'writer | handover s (kill -9 of the lock holder → the other replica leads)', ...table, ''].join(
      '\n',
    ),
  );
  await fixture?.close();
  await redis?.cleanup();
  vault?.provider.destroy();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const common = () => ({
  DATABASE_URL: db.url,
  REDIS_URL: redis.url,
  RPC_URL: vault.rpcUrl,
  DEPLOYMENT_FILE: path.join(dir, 'deployment.json'),
  QUEUE_PREFIX: redis.bullmqPrefix,
  LOG_LEVEL: 'info',
});

const ENV = {
  // debug: the indexer logs each range it indexed.
  indexer: () => ({ ...common(), CONFIRMATIONS: '0', POLL_INTERVAL_MS: '200', LOG_LEVEL: 'debug' }),
  watcher: () => ({
    ...common(),
    HLP_API_URL: fixture.hlpUrl,
    KEEPER_HEARTBEAT_STREAM: `${redis.bullmqPrefix}:heartbeats`,
    VAULT_SNAPSHOT_INTERVAL_MS: '1s',
  }),
};

async function replicas(name: keyof typeof ENV): Promise<[RunningProcess, RunningProcess]> {
  const started = await Promise.all(
    [0, 1].map(() => startService(`services/${name}/src/main.ts`, ENV[name]())),
  );
  processes.push(...started);
  const leader = await eventually(
    `one ${name} to lead`,
    async () => started.find((one) => one.lines.some((line) => TAKEN.test(line))),
    60_000,
  );
  const other = started.find((one) => one !== leader)!;
  await other.waitForLine(/metrics listening/, 60_000);
  // The other replica waits: the lock is the leader's.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(other.lines.some((line) => TAKEN.test(line))).toBe(false);
  return [leader, other];
}

/** Kills the leader with SIGKILL and returns the seconds until the other replica takes the lock. */
async function handover(leader: RunningProcess, other: RunningProcess): Promise<number> {
  const killedAt = Date.now();
  leader.child.kill('SIGKILL');
  await leader.exited;
  await other.waitForLine(TAKEN, 30_000);
  return (Date.now() - killedAt) / 1000;
}

it('indexer: kill -9 of the lock holder hands over within 5 s; the new leader indexes on, no row twice', async () => {
  const [leader, other] = await replicas('indexer');
  await leader.waitForLine(/indexed range/, 30_000);
  const seconds = await handover(leader, other);
  table.push(`indexer | ${seconds.toFixed(1)}`);
  expect(seconds).toBeLessThanOrEqual(HANDOVER_BOUND_S);

  const block = await deposit(vault, vault.wallets[0]!, 3n * USDC);
  await eventually(
    'the deposit after the kill indexed',
    async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM activity_events WHERE type = 'deposit' AND block_number = $1`,
        [block],
      );
      return rows[0]!.n > 0 ? true : undefined;
    },
    30_000,
  );
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM activity_events GROUP BY chain_id, tx_hash, log_index HAVING count(*) > 1) twice`,
  );
  expect(rows[0]!.n).toBe(0);
});

it('watcher: kill -9 of the lock holder hands over within 5 s; the new leader stores snapshots', async () => {
  const [leader, other] = await replicas('watcher');
  const seconds = await handover(leader, other);
  table.push(`watcher | ${seconds.toFixed(1)}`);
  expect(seconds).toBeLessThanOrEqual(HANDOVER_BOUND_S);

  const after = new Date();
  await eventually(
    'a vault snapshot by the new leader',
    async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM vault_snapshots WHERE taken_at > $1',
        [after],
      );
      return rows[0]!.n > 0 ? true : undefined;
    },
    30_000,
  );
});
