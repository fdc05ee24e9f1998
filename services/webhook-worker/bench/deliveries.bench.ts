/**
 * Deliveries per second to a 200 receiver in its own process (outbox → relay → BullMQ → signed POST → recorded), next to raw
 * BullMQ throughput (no-op jobs) on the same Redis in the same run. Prints figures only.
 * Uses a throwaway database and Redis prefix per round; DELIVERIES (default 5000), WEBHOOK_CONCURRENCY (default 100)
 * and BENCH_ROUNDS (default 5). This machine's speed drifts by up to a factor of two within seconds, so each round
 * runs raw jobs before and after its deliveries and divides by their mean (a drift during the round weighs on both
 * sides alike), and the ratio is the median of the rounds'. A warm-up round
 * comes first, printed and not counted: in a cold process both sides run at about two thirds of their steady speed
 * while V8 compiles them, and a service runs warm.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Queue, Worker } from 'bullmq';
import pino from 'pino';
import { insertOutboxEventBurst, insertPartner, insertWebhookSecret } from '@yv/db';
import { cpuSince, createTestDatabase, createTestRedis, formatCpuSplit, median } from '@yv/testkit';
import { parseWebhookWorkerConfig } from '../src/config';
import { createWebhookWorker } from '../src/worker';

const COUNT = Number(process.env.DELIVERIES ?? 5_000);
const CONCURRENCY = process.env.WEBHOOK_CONCURRENCY ?? '100';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function rawBullmq(redisUrl: string, prefix: string): Promise<number> {
  const queue = new Queue('bench-raw', { connection: { url: redisUrl }, prefix });
  const jobs = Array.from({ length: COUNT }, (_, i) => ({
    name: 'noop',
    data: { i },
    opts: { removeOnComplete: true },
  }));
  let done = 0;
  const finished = new Promise<void>((resolve) => {
    const worker = new Worker('bench-raw', async () => undefined, {
      connection: { url: redisUrl, maxRetriesPerRequest: null },
      prefix,
      concurrency: Number(CONCURRENCY),
    });
    worker.on('completed', () => {
      done += 1;
      if (done === COUNT) void worker.close().then(resolve);
    });
  });
  const started = performance.now();
  for (let i = 0; i < jobs.length; i += 1_000) await queue.addBulk(jobs.slice(i, i + 1_000));
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await queue.obliterate({ force: true });
  await queue.close();
  return COUNT / seconds;
}

interface Received {
  signed: number;
  cpuMs: number;
}

interface Receiver {
  port: number;
  /** Starts a count of `count` requests; resolves once they all came in. */
  expect(count: number): Promise<Received>;
  child: ChildProcess;
}

/** The receiver's process (receiver.ts), one for the whole bench. */
async function startReceiver(): Promise<Receiver> {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'receiver.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let onDone: (received: Received) => void = () => undefined;
  const port = await new Promise<number>((resolve) => {
    lines.on('line', (line) => {
      const [what, value, cpuMs] = line.split(' ');
      if (what === 'port') resolve(Number(value));
      if (what === 'done') onDone({ signed: Number(value), cpuMs: Number(cpuMs) });
    });
  });
  return {
    port,
    child,
    expect(count) {
      const done = new Promise<Received>((resolve) => (onDone = resolve));
      child.stdin!.write(`expect ${count}\n`);
      return done;
    },
  };
}

/** CPU ms per delivery of each process the deliveries kept busy (Redis, shared with every other user, is left out). */
type CpuSplit = {
  worker: number;
  postgres?: number;
  receiver: number;
};

async function deliveries(
  databaseUrl: string,
  pool: Awaited<ReturnType<typeof createTestDatabase>>['pool'],
  redisUrl: string,
  prefix: string,
  receiver: Receiver,
): Promise<{ perSecond: number; signed: number; recorded: number; cpu: CpuSplit }> {
  const partnerId = crypto.randomUUID();
  await insertPartner(pool, {
    id: partnerId,
    name: 'bench',
    webhookUrl: `http://127.0.0.1:${receiver.port}/`,
  });
  await insertWebhookSecret(pool, {
    id: crypto.randomUUID(),
    partnerId,
    secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
  });
  // One event per action, written in bulk before the clock starts: the relay and the deliveries are measured.
  await insertOutboxEventBurst(pool, partnerId, COUNT);
  const worker = createWebhookWorker({
    config: parseWebhookWorkerConfig({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      WEBHOOK_CONCURRENCY: CONCURRENCY,
      OUTBOX_POLL_MS: '20ms',
      // The receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SWEEP_MS: '1h',
      METRICS_REFRESH_MS: '5m',
      LOG_LEVEL: 'error',
    }),
    log: pino({ level: 'silent' }),
  });
  const done = receiver.expect(COUNT);
  const cpu = cpuSince({ database: new URL(databaseUrl).pathname.slice(1) });
  const started = performance.now();
  worker.start();
  const received = await done;
  const seconds = (performance.now() - started) / 1000;
  const used = cpu();
  await worker.stop();
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_deliveries WHERE partner_id = $1 AND status = 'delivered'`,
    [partnerId],
  );
  return {
    perSecond: COUNT / seconds,
    signed: received.signed,
    recorded: rows[0]!.n,
    cpu: {
      worker: used.self / COUNT,
      ...(used.postgres === undefined ? {} : { postgres: used.postgres / COUNT }),
      receiver: received.cpuMs / COUNT,
    },
  };
}

interface Round {
  /** Raw jobs/s before and after the deliveries. */
  raws: [number, number];
  /** Their mean: what the round's deliveries are compared with. */
  raw: number;
  sent: Awaited<ReturnType<typeof deliveries>>;
}

/** Raw jobs, deliveries, raw jobs again, on a database and Redis prefix of the round's own. */
async function round(receiver: Receiver): Promise<Round> {
  const db = await createTestDatabase();
  const redis = createTestRedis();
  try {
    const before = await rawBullmq(redis.url, redis.bullmqPrefix);
    const sent = await deliveries(db.url, db.pool, redis.url, redis.bullmqPrefix, receiver);
    const after = await rawBullmq(redis.url, redis.bullmqPrefix);
    return { raws: [before, after], raw: (before + after) / 2, sent };
  } finally {
    await redis.cleanup();
    await db.drop();
  }
}

async function main(): Promise<void> {
  console.log(`jobs: ${COUNT}, concurrency: ${CONCURRENCY}, rounds: ${ROUNDS}`);
  const rounds: Round[] = [];
  const receiver = await startReceiver();
  for (let index = 0; index <= ROUNDS; index += 1) {
    const each = await round(receiver);
    const { raws, raw, sent } = each;
    if (index > 0) rounds.push(each);
    console.log(
      `${index === 0 ? 'warm-up' : `round ${index}`}: raw BullMQ no-op jobs/s ${raw.toFixed(0)} (${raws.map((r) => r.toFixed(0)).join(' before, ')} after), ` +
        `signed webhook deliveries/s ${sent.perSecond.toFixed(0)} ` +
        `(${(sent.perSecond / raw).toFixed(2)}×); received signed ${sent.signed}/${COUNT}, recorded delivered ${sent.recorded}/${COUNT}`,
    );
    console.log(`  CPU ms per delivery: ${formatCpuSplit(sent.cpu, 3)}`);
  }
  const raw = median(rounds.map((each) => each.raw));
  const sent = median(rounds.map((each) => each.sent.perSecond));
  const ratio = median(rounds.map((each) => each.sent.perSecond / each.raw));
  console.log(`raw BullMQ no-op jobs/s:          ${raw.toFixed(0)}  (median of the rounds' means)`);
  console.log(`signed webhook deliveries/s:      ${sent.toFixed(0)}  (median)`);
  console.log(
    `deliveries / raw jobs:            ${ratio.toFixed(2)}×  (median of the rounds' ratios, target ≥ 0.5)`,
  );
  receiver.child.kill();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
