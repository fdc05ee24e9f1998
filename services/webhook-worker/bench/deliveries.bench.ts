/**
 * Deliveries per second to a 200 receiver in its own process (outbox → relay → BullMQ → signed POST → recorded), next to raw
 * BullMQ throughput (no-op jobs) on the same Redis in the same run. Prints figures only.
 * Uses a throwaway database and Redis prefix; DELIVERIES (default 5000) and WEBHOOK_CONCURRENCY (default 100).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Queue, Worker } from 'bullmq';
import pino from 'pino';
import { insertPartner, insertWebhookSecret } from '@yv/db';
import { createTestDatabase, createTestRedis } from '@yv/testkit';
import { parseWebhookWorkerConfig } from '../src/config';
import { createWebhookWorker } from '../src/worker';

const COUNT = Number(process.env.DELIVERIES ?? 5_000);
const CONCURRENCY = process.env.WEBHOOK_CONCURRENCY ?? '100';

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

/** The receiver's process (receiver.ts): its port, and the signed count once every delivery came in. */
async function startReceiver(): Promise<{ port: number; done: Promise<number>; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'receiver.ts'), String(COUNT)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  let onDone: (signed: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (onDone = resolve));
  const port = await new Promise<number>((resolve) => {
    lines.on('line', (line) => {
      const [what, value] = line.split(' ');
      if (what === 'port') resolve(Number(value));
      if (what === 'done') onDone(Number(value));
    });
  });
  return { port, done, child };
}

async function deliveries(
  databaseUrl: string,
  pool: Awaited<ReturnType<typeof createTestDatabase>>['pool'],
  redisUrl: string,
  prefix: string,
): Promise<{ perSecond: number; signed: number; recorded: number }> {
  const receiver = await startReceiver();
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
  await pool.query(
    `INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload)
     SELECT gen_random_uuid(), 'action.updated', gen_random_uuid()::text, $1, 1, jsonb_build_object('n', n)
       FROM generate_series(1, $2) AS n`,
    [partnerId, COUNT],
  );
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
  const started = performance.now();
  worker.start();
  const signed = await receiver.done;
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  receiver.child.kill();
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_deliveries WHERE partner_id = $1 AND status = 'delivered'`,
    [partnerId],
  );
  return { perSecond: COUNT / seconds, signed, recorded: rows[0]!.n };
}

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const redis = createTestRedis();
  try {
    const raw = await rawBullmq(redis.url, redis.bullmqPrefix);
    const sent = await deliveries(db.url, db.pool, redis.url, redis.bullmqPrefix);
    console.log(`jobs: ${COUNT}, concurrency: ${CONCURRENCY}`);
    console.log(`raw BullMQ no-op jobs/s:          ${raw.toFixed(0)}`);
    console.log(
      `signed webhook deliveries/s:      ${sent.perSecond.toFixed(0)}  (${(sent.perSecond / raw).toFixed(2)}× raw, target ≥ 0.5)`,
    );
    console.log(`received signed: ${sent.signed}/${COUNT}, recorded delivered: ${sent.recorded}/${COUNT}`);
  } finally {
    await redis.cleanup();
    await db.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
