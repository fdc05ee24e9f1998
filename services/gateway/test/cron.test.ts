import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { listActiveWebhookSecrets, listWebhookDeliveries, type Pool } from '@yv/db';
import { createServiceMetrics } from '@yv/metrics';
import { openDeliveryQueue } from '@yv/queue';
import { buildOpenApi } from '@yv/schemas';
import { freePort, useTestDatabase, useTestRedis } from '@yv/testkit';
import { createApp } from '../src/app';
import { rotateWebhookSecret } from '../src/admin/commands';
import { cronRouter } from '../src/routes/cron';
import { createWebhookRetrier, type WebhookRetrier } from '../src/webhooks/retrier';
import type { WebhookWorker } from '../../webhook-worker/src';
import {
  actionEvents,
  createPartner,
  startReceiver,
  status,
  waitFor,
  type Receiver,
} from '../../webhook-worker/test/support/receiver';
import { testWorker } from '../../webhook-worker/test/support/worker';
import { unreachableRedisUrl } from './support/redis';

const db = useTestDatabase();
const redis = useTestRedis();
const CRON_SECRET = 'c'.repeat(40);
const MAX_ATTEMPTS = 5;
const opened: { close(): Promise<unknown> }[] = [];
let retrier: WebhookRetrier;
let app: Express;

function cronApp(cronSecret: string | undefined, webhookRetrier: WebhookRetrier): Express {
  return createApp({
    log: pino({ level: 'silent' }),
    metrics: createServiceMetrics('gateway'),
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1' }),
    bodyLimitBytes: 65_536,
    routers: [cronRouter({ cronSecret, retrier: webhookRetrier })],
  });
}

beforeAll(() => {
  retrier = createWebhookRetrier({
    pool: db.pool,
    redisUrl: redis.url,
    prefix: redis.bullmqPrefix,
    maxAttempts: MAX_ATTEMPTS,
  });
  opened.push(retrier);
  app = cronApp(CRON_SECRET, retrier);
});
afterAll(async () => {
  for (const item of opened.reverse()) await item.close();
});

const cron = (target = app) =>
  request(target).post('/api/cron/webhooks').set('authorization', `Bearer ${CRON_SECRET}`);

/** The worker's schedule: MAX_ATTEMPTS attempts, the third 1.5 s after the second (time to bring a receiver back). */
const SCHEDULE = '0s,100ms,1500ms,100ms,100ms';

function worker(env: Record<string, string> = {}): WebhookWorker {
  const started = testWorker(db, redis, { WEBHOOK_RETRY_SCHEDULE: SCHEDULE, ...env });
  workers.push(started);
  return started;
}

// One worker per test: each test tunes its own schedule.
const workers: WebhookWorker[] = [];
afterEach(async () => {
  for (const running of workers.splice(0)) await running.stop();
});

const statuses = async (pool: Pool, partnerId: string) =>
  (await listWebhookDeliveries(pool, partnerId)).map((row) => `${row.status}/${row.attempts}`);

describe('authentication', () => {
  it.each([
    ['no header', undefined],
    ['a wrong secret', `Bearer ${'x'.repeat(40)}`],
    ['a prefix of the secret', `Bearer ${CRON_SECRET.slice(0, 20)}`],
    ['another scheme', `Basic ${CRON_SECRET}`],
  ])('answers 401 PARTNER_UNAUTHORIZED to %s', async (_name, header) => {
    const call = request(app).post('/api/cron/webhooks');
    const response = await (header ? call.set('authorization', header) : call);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'PARTNER_UNAUTHORIZED', message: expect.stringContaining('CRON_SECRET') },
    });
  });

  it('answers 401 to everyone when CRON_SECRET is not configured', async () => {
    const response = await request(cronApp(undefined, retrier))
      .post('/api/cron/webhooks')
      .set('authorization', 'Bearer ');
    expect(response.status).toBe(401);
  });
});

it('gets every event to a receiver that was down for a while through the schedule; the cron counts the given up', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/hooks`;
  const partner = await createPartner(db.pool, url);
  const broken = await startReceiver(status(503));
  opened.push(broken);
  const exhausted = await createPartner(db.pool, broken.url);
  const running = worker();
  running.start();

  const early = await actionEvents(db.pool, partner.id, 3);
  await actionEvents(db.pool, exhausted.id, 1);
  // Two attempts each, then the schedule waits 1.5 s: the delivery waits pending, not failed.
  await waitFor(
    '2 attempts',
    async () => (await statuses(db.pool, partner.id)).join() === 'pending/2,pending/2,pending/2',
  );
  expect((await cron()).body).toEqual({
    success: true,
    data: { checked: 0, sent: 0, failed: 0, maxAttempts: MAX_ATTEMPTS },
    meta: { updatedAt: expect.any(String) },
  });

  // The receiver comes back: new events go out at once, the waiting ones at their next scheduled attempt.
  const hooks = await new Promise<Receiver>((resolve) => {
    void startReceiver().then(resolve);
  });
  opened.push(hooks);
  const back = await listen(port, hooks);
  opened.push(back);
  const late = await actionEvents(db.pool, partner.id, 1);
  await waitFor(
    'all delivered',
    async () =>
      (await statuses(db.pool, partner.id)).join() === 'delivered/3,delivered/3,delivered/3,delivered/1',
  );
  await waitFor(
    'exhausted',
    async () => (await statuses(db.pool, exhausted.id)).join() === `failed/${MAX_ATTEMPTS}`,
  );

  const ids = back.received.map((received) => String(received.headers['webhook-id']));
  expect(ids.sort()).toEqual([...early, ...late].map((event) => event.eventId).sort());
  for (const received of back.received) {
    const headers = Object.fromEntries(Object.entries(received.headers).map(([k, v]) => [k, String(v)]));
    new Webhook(partner.secret).verify(received.rawBody, headers);
  }
  expect((await cron()).body.data).toEqual({ checked: 1, sent: 0, failed: 1, maxAttempts: MAX_ATTEMPTS });
});

/** A receiver on a fixed port (the one the partner registered), recording like startReceiver's. */
async function listen(port: number, into: Receiver): Promise<Receiver & { close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      into.received.push({
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(port);
  return {
    ...into,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `count` deliveries of a new partner that failed once and wait an hour for their next attempt, whose delayed jobs
 * Redis then lost while no worker ran, and whose due time passed over a minute ago: what only the cron rescues.
 */
async function lostDeliveries(hooks: Receiver, count: number) {
  const partner = await createPartner(db.pool, hooks.url);
  const running = worker({ WEBHOOK_RETRY_SCHEDULE: '0s,1h' });
  running.start();
  await actionEvents(db.pool, partner.id, count);
  await waitFor(`${count} waiting`, async () => {
    const rows = await statuses(db.pool, partner.id);
    return rows.length === count && rows.every((row) => row === 'pending/1');
  });
  await running.stop();
  const queue = openDeliveryQueue(redis.url, redis.bullmqPrefix);
  await queue.obliterate({ force: true });
  await queue.close();
  await db.pool.query(
    `WITH backdated AS (
       UPDATE webhook_deliveries SET next_attempt_at = now() - interval '2 minutes' WHERE partner_id = $1
       RETURNING id, next_attempt_at
     )
     UPDATE webhook_deliveries_open o SET next_attempt_at = b.next_attempt_at FROM backdated b
      WHERE o.delivery_id = b.id`,
    [partner.id],
  );
  return partner;
}

it('rescues deliveries whose delayed job Redis lost, and failed ones a longer schedule gives attempts again', async () => {
  const hooks = await startReceiver(status(500));
  opened.push(hooks);
  const short = await createPartner(db.pool, hooks.url);
  const once = worker({ WEBHOOK_RETRY_SCHEDULE: '0s' });
  once.start();
  await actionEvents(db.pool, short.id, 1);
  await waitFor('failed', async () => (await statuses(db.pool, short.id)).join() === 'failed/1');
  await once.stop();
  const partner = await lostDeliveries(hooks, 2);

  // Nothing is due for the worker's sweep to find until the cron makes them due again. (`failed` counts the
  // deliveries earlier tests of this file gave up.)
  const first = (await cron()).body.data;
  expect(first).toMatchObject({ sent: 3, checked: 3 + first.failed, maxAttempts: MAX_ATTEMPTS });
  expect((await cron()).body.data).toMatchObject({ sent: 0 });
  hooks.answerWith((res) => void res.writeHead(200).end());
  // A worker whose sweep never runs in the test: only the cron's jobs can carry the deliveries.
  worker({ WEBHOOK_SWEEP_MS: '1h' }).start();
  await waitFor('delivered', async () => {
    const rows = [...(await statuses(db.pool, partner.id)), ...(await statuses(db.pool, short.id))];
    return rows.join() === 'delivered/2,delivered/2,delivered/2';
  });
});

it('never sends one delivery twice when cron calls overlap', async () => {
  const hooks = await startReceiver(status(500));
  opened.push(hooks);
  const partner = await lostDeliveries(hooks, 30);
  hooks.answerWith((res) => void res.writeHead(200).end());
  const before = hooks.received.length;

  const answers = await Promise.all([cron(), cron(), cron(), cron()]);
  const sent = answers.map((response) => response.body.data.sent as number);
  expect(sent.reduce((sum, n) => sum + n, 0)).toBe(30);
  worker({ WEBHOOK_SWEEP_MS: '1h' }).start();
  await waitFor('delivered', async () =>
    (await statuses(db.pool, partner.id)).every((s) => s === 'delivered/2'),
  );
  const ids = hooks.received.slice(before).map((received) => received.headers['webhook-id']);
  expect(ids).toHaveLength(30);
  expect(new Set(ids).size).toBe(30);
});

it('answers 500 PARTNER_WEBHOOK_RETRY_FAILED when the queue is unavailable, leaving deliveries failed', async () => {
  const hooks = await startReceiver(status(500));
  opened.push(hooks);
  const partner = await createPartner(db.pool, hooks.url);
  const running = worker({ WEBHOOK_RETRY_SCHEDULE: '0s' });
  running.start();
  await actionEvents(db.pool, partner.id, 2);
  await waitFor('failed', async () => (await statuses(db.pool, partner.id)).join() === 'failed/1,failed/1');

  const deadRedis = createWebhookRetrier({
    pool: db.pool,
    redisUrl: await unreachableRedisUrl(),
    prefix: redis.bullmqPrefix,
    maxAttempts: MAX_ATTEMPTS,
    enqueueTimeoutMs: 500,
  });
  opened.push(deadRedis);
  const response = await cron(cronApp(CRON_SECRET, deadRedis));
  expect(response.status).toBe(500);
  expect(response.body.error.code).toBe('PARTNER_WEBHOOK_RETRY_FAILED');
  expect(await statuses(db.pool, partner.id)).toEqual(['failed/1', 'failed/1']);
});

it('rotates a webhook secret with `pnpm admin webhook rotate-secret`: both sign during the grace period', async () => {
  const hooks = await startReceiver();
  opened.push(hooks);
  const partner = await createPartner(db.pool, hooks.url);
  const rotated = await rotateWebhookSecret(db.pool, { partnerId: partner.id, graceHours: 2 });
  expect(rotated.webhookSecret).toMatch(/^whsec_/);
  expect(Date.parse(rotated.previousSecretsExpireAt) - Date.now()).toBeGreaterThan(7_100_000);
  expect((await listActiveWebhookSecrets(db.pool, partner.id)).map((s) => s.secret)).toEqual([
    rotated.webhookSecret,
    partner.secret,
  ]);
  const running = worker();
  running.start();
  await actionEvents(db.pool, partner.id, 1);
  await waitFor('delivered', () => hooks.received.length === 1);
  const [received] = hooks.received;
  const headers = Object.fromEntries(Object.entries(received!.headers).map(([k, v]) => [k, String(v)]));
  expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
  new Webhook(partner.secret).verify(received!.rawBody, headers);
  new Webhook(rotated.webhookSecret).verify(received!.rawBody, headers);
});
