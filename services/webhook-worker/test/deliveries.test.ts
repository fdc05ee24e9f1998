import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  expireWebhookSecrets,
  insertWebhookSecret,
  isWebhookEndpointDisabled,
  listWebhookAttempts,
  listWebhookDeliveries,
  type OutboxEventRow,
} from '@yv/db';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import type { WebhookWorker } from '../src/worker';
import {
  actionEvents,
  createPartner,
  newWebhookSecret,
  ok,
  slow,
  startReceiver,
  status,
  waitFor,
  type Receiver,
} from './support/receiver';
import { testWorker } from './support/worker';

const db = useTestDatabase();
const redis = useTestRedis();
let worker: WebhookWorker;
const receivers: Receiver[] = [];

beforeAll(() => {
  // A longest wait above the 429 test's Retry-After, which the schedule's longest wait caps.
  worker = testWorker(db, redis, { WEBHOOK_RETRY_SCHEDULE: '0s,50ms,1500ms' });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

function headersOf(received: Receiver['received'][number]): Record<string, string> {
  return Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
}

/** Verifies with standardwebhooks (not our code) on the raw body; returns the parsed message. */
function verified(secret: string, received: Receiver['received'][number]): Record<string, unknown> {
  return new Webhook(secret).verify(received.rawBody, headersOf(received)) as Record<string, unknown>;
}

const deliveriesOf = (partnerId: string) => listWebhookDeliveries(db.pool, partnerId);
const allSettled = (partnerId: string, count: number, statusWanted: string) => async () => {
  const rows = await deliveriesOf(partnerId);
  return rows.length === count && rows.every((row) => row.status === statusWanted) ? rows : undefined;
};

it('delivers every event once to a 200 receiver, signed so standardwebhooks verifies it, in sequence', async () => {
  const hooks = await receiver(ok);
  const partner = await createPartner(db.pool, hooks.url);
  const events = await actionEvents(db.pool, partner.id, 3);

  const rows = await waitFor('3 delivered', allSettled(partner.id, 3, 'delivered'));
  expect(hooks.received).toHaveLength(3);
  const messages = hooks.received.map((received) => verified(partner.secret, received));
  expect(messages.map((message) => message.sequence).sort()).toEqual([1, 2, 3]);
  const byId = new Map(events.map((event) => [event.eventId, event]));
  for (const received of hooks.received) {
    const event = byId.get(String(received.headers['webhook-id'])) as OutboxEventRow;
    expect(JSON.parse(received.rawBody)).toEqual({
      type: 'action.updated',
      timestamp: event.createdAt.toISOString(),
      sequence: event.sequence,
      data: event.payload,
    });
    expect(received.headers['content-type']).toBe('application/json');
  }
  const attempts = await listWebhookAttempts(db.pool, rows[0]!.id);
  expect(attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, error: null })]);
  // A tampered body does not verify: the check above can fail.
  const first = hooks.received[0]!;
  expect(() => new Webhook(partner.secret).verify(`${first.rawBody} `, headersOf(first))).toThrow();
  expect(() => new Webhook(newWebhookSecret()).verify(first.rawBody, headersOf(first))).toThrow();
});

it('retries a 500 with the same webhook-id until the retry schedule is used, then marks it failed', async () => {
  const hooks = await receiver(status(500));
  const partner = await createPartner(db.pool, hooks.url);
  const [event] = await actionEvents(db.pool, partner.id, 1);

  const [row] = await waitFor('failed', allSettled(partner.id, 1, 'failed'));
  expect(row).toMatchObject({ attempts: 3, lastStatusCode: 500, lastError: 'receiver answered 500' });
  expect(hooks.received).toHaveLength(3);
  for (const received of hooks.received) {
    expect(received.headers['webhook-id']).toBe(event!.eventId);
    verified(partner.secret, received);
  }
  const attempts = await listWebhookAttempts(db.pool, row!.id);
  expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
    [1, 500],
    [2, 500],
    [3, 500],
  ]);
});

it('times out a receiver that answers too late and records the attempt', async () => {
  const slowHooks = await receiver(slow(3_000));
  const slowPartner = await createPartner(db.pool, slowHooks.url);
  await actionEvents(db.pool, slowPartner.id, 2);
  const [slowRow] = await waitFor('slow failed', allSettled(slowPartner.id, 2, 'failed'));
  const attempts = await listWebhookAttempts(db.pool, slowRow!.id);
  expect(attempts[0]).toMatchObject({ statusCode: null, error: 'no answer within 500ms' });
  expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(450);
});

it('disables the endpoint on 410 and sends nothing more to it', async () => {
  const hooks = await receiver(status(410));
  const partner = await createPartner(db.pool, hooks.url);
  await actionEvents(db.pool, partner.id, 1);
  await waitFor('disabled', allSettled(partner.id, 1, 'disabled'));
  expect(hooks.received).toHaveLength(1);
  expect(await isWebhookEndpointDisabled(db.pool, partner.id)).toBe(true);

  await actionEvents(db.pool, partner.id, 2);
  await waitFor('all disabled', allSettled(partner.id, 3, 'disabled'));
  expect(hooks.received).toHaveLength(1);
  const text = await worker.metrics.service.registry.getSingleMetricAsString(
    'svc_webhook_worker_deliveries_total',
  );
  expect(text).toMatch(/outcome="disabled"} [3-9]/);
});

it('waits at least the Retry-After of a 429 before the next attempt', async () => {
  const hooks = await receiver((res, index) => {
    if (index === 0) res.writeHead(429, { 'retry-after': '1' }).end();
    else res.writeHead(204).end();
  });
  const partner = await createPartner(db.pool, hooks.url);
  await actionEvents(db.pool, partner.id, 1);
  const [row] = await waitFor('delivered', allSettled(partner.id, 1, 'delivered'));
  expect(row!.attempts).toBe(2);
  const [first, second] = hooks.received;
  // Without Retry-After the schedule would wait 50 ms.
  expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  const attempts = await listWebhookAttempts(db.pool, row!.id);
  expect(attempts.map((attempt) => attempt.statusCode)).toEqual([429, 204]);
});

it('signs with both secrets during a rotation, and only the new one after the grace period', async () => {
  const hooks = await receiver(ok);
  const partner = await createPartner(db.pool, hooks.url);
  const rotated = newWebhookSecret();
  await expireWebhookSecrets(db.pool, partner.id, new Date(Date.now() + 3_600_000));
  await insertWebhookSecret(db.pool, { id: randomUUID(), partnerId: partner.id, secret: rotated });
  await actionEvents(db.pool, partner.id, 1);
  await waitFor('delivered', () => hooks.received.length === 1);
  const [during] = hooks.received;
  expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
  verified(partner.secret, during!);
  verified(rotated, during!);

  await expireWebhookSecrets(db.pool, partner.id, new Date(Date.now() - 1_000));
  await insertWebhookSecret(db.pool, { id: randomUUID(), partnerId: partner.id, secret: newWebhookSecret() });
  await actionEvents(db.pool, partner.id, 1);
  await waitFor('delivered again', () => hooks.received.length === 2);
  expect(() => verified(partner.secret, hooks.received[1]!)).toThrow();
});

it('exposes queue depth and outbox backlog gauges', async () => {
  await worker.refreshMetrics();
  const text = await worker.metrics.service.registry.metrics();
  expect(text).toMatch(/svc_webhook_worker_outbox_backlog \d+/);
  expect(text).toMatch(/svc_webhook_worker_outbox_oldest_age_seconds \d/);
  expect(text).toMatch(/svc_webhook_worker_queue_depth\{state="delayed"\} \d+/);
  expect(text).toMatch(/svc_webhook_worker_attempt_duration_seconds_count \d+/);
});
