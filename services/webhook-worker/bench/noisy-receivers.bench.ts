/**
 * Noisy receivers: 1,000 partner endpoints, of which 10 % hang until the worker's timeout, 10 % answer 500 and 5 %
 * take 2 s, against a run where all 1,000 answer at once. Events arrive at a steady rate to random partners; the
 * figure is the latency of the healthy partners' deliveries (event written → first arrival at its receiver), p50 and
 * p99, in each run. The worker runs with the service's defaults (WEBHOOK_CONCURRENCY 50, a 10 s timeout, the
 * default retry schedule). Each endpoint first gets one event and the run waits until every one has had an
 * attempt, as a worker that has been running has seen its partners' endpoints. Prints figures only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { insertOutboxEvent, insertPartner, insertWebhookSecret, type Pool } from '@yv/db';
import { sleep } from '@yv/runtime';
import { createTestDatabase, createTestRedis } from '@yv/testkit';
import { parseWebhookWorkerConfig } from '../src/config';
import { createWebhookWorker } from '../src/worker';

const ENDPOINTS = 1_000;
const EVENTS = Number(process.env.NOISY_EVENTS ?? 4_000);
const PER_SECOND = Number(process.env.NOISY_EVENTS_PER_SECOND ?? 400);
const TICK_MS = 100;

type Kind = 'ok' | 'hang' | 'fail' | 'slow';

/** Endpoint i's behaviour in the noisy run: 100 hang, 100 fail, 50 slow, the rest healthy, spread evenly. */
function noisyKind(i: number): Kind {
  const slot = i % 20;
  if (slot < 2) return 'hang';
  if (slot < 4) return 'fail';
  if (slot < 5) return 'slow';
  return 'ok';
}

interface Receiver {
  port: number;
  report(): Promise<{ arrivals: Record<string, number>; others: Record<string, number> }>;
  child: ChildProcess;
}

async function startReceiver(): Promise<Receiver> {
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'noisy-receiver.ts')],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  let onReport: (line: string) => void = () => undefined;
  const port = await new Promise<number>((resolve) => {
    lines.on('line', (line) => {
      if (line.startsWith('port ')) resolve(Number(line.slice(5)));
      else onReport(line);
    });
  });
  return {
    port,
    child,
    report() {
      const answered = new Promise<string>((resolve) => (onReport = resolve));
      child.stdin!.write('report\n');
      return answered.then((line) => JSON.parse(line));
    },
  };
}

async function partners(
  pool: Pool,
  port: number,
  kindOf: (i: number) => Kind,
): Promise<{ id: string; kind: Kind }[]> {
  const list: { id: string; kind: Kind }[] = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const id = crypto.randomUUID();
    const kind = kindOf(i);
    await insertPartner(pool, {
      id,
      name: `noisy-${i}`,
      webhookUrl: `http://127.0.0.1:${port}/${kind}/${i}`,
    });
    await insertWebhookSecret(pool, {
      id: crypto.randomUUID(),
      partnerId: id,
      secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
    });
    list.push({ id, kind });
  }
  return list;
}

const event = (pool: Pool, partnerId: string) =>
  insertOutboxEvent(pool, {
    type: 'action.updated',
    aggregateId: crypto.randomUUID(),
    partnerId,
    payload: { bench: true },
  });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** One run: warm-up, then EVENTS at PER_SECOND to random partners; the healthy ones' latencies. */
async function run(
  receiver: Receiver,
  kindOf: (i: number) => Kind,
): Promise<{ p50: number; p99: number; count: number; seconds: number }> {
  const db = await createTestDatabase();
  const redis = createTestRedis();
  const worker = createWebhookWorker({
    config: parseWebhookWorkerConfig({
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.bullmqPrefix,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      OUTBOX_POLL_MS: '20ms',
      LOG_LEVEL: 'error',
    }),
    log: pino({ level: 'silent' }),
  });
  try {
    const list = await partners(db.pool, receiver.port, kindOf);
    worker.start();
    for (const partner of list) await event(db.pool, partner.id);
    // Every endpoint has had an attempt: the hanging ones' ended at the timeout.
    for (;;) {
      const { rows } = await db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE attempts = 0 OR status = 'delivering'`,
      );
      if (rows[0]!.n === 0) break;
      await sleep(250);
    }
    const written = new Map<string, number>();
    const started = Date.now();
    const perTick = Math.max(1, Math.round((PER_SECOND * TICK_MS) / 1000));
    for (let sent = 0; sent < EVENTS;) {
      const tick = Date.now();
      for (let i = 0; i < perTick && sent < EVENTS; i++, sent++) {
        const partner = list[Math.floor(Math.random() * list.length)]!;
        const row = await event(db.pool, partner.id);
        if (partner.kind === 'ok') written.set(row.eventId, Date.now());
      }
      await sleep(Math.max(0, TICK_MS - (Date.now() - tick)));
    }
    let arrivals: Record<string, number> = {};
    for (;;) {
      arrivals = (await receiver.report()).arrivals;
      if ([...written.keys()].every((id) => arrivals[id] !== undefined)) break;
      await sleep(250);
    }
    const latencies = [...written].map(([id, at]) => arrivals[id]! - at).sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      count: latencies.length,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await worker.stop();
    await redis.cleanup();
    await db.drop();
  }
}

async function main(): Promise<void> {
  console.log(
    `noisy receivers: ${ENDPOINTS} endpoints, ${EVENTS} events at ${PER_SECOND}/s, worker defaults`,
  );
  const receiver = await startReceiver();
  try {
    const healthy = await run(receiver, () => 'ok');
    console.log(
      `all healthy:          healthy deliveries ${healthy.count}, latency p50 ${healthy.p50} ms, p99 ${healthy.p99} ms (${healthy.seconds.toFixed(1)} s)`,
    );
    const noisy = await run(receiver, noisyKind);
    console.log(
      `10% hang, 10% 500, 5% 2 s: healthy deliveries ${noisy.count}, latency p50 ${noisy.p50} ms, p99 ${noisy.p99} ms (${noisy.seconds.toFixed(1)} s)`,
    );
    console.log(`healthy p99, noisy / all healthy: ${(noisy.p99 / healthy.p99).toFixed(2)}×  (target ≤ 2)`);
  } finally {
    receiver.child.stdin!.end();
    receiver.child.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
