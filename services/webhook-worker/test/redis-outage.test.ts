import { listWebhookDeliveries } from '@yv/db';
import { startOwnRedis, useTestDatabase, type OwnRedis } from '@yv/testkit';
import type { WebhookWorker } from '../src/worker';
import { actionEvents, createPartner, ok, startReceiver, waitFor, type Receiver } from './support/receiver';
import { testWorker } from './support/worker';

const db = useTestDatabase();
/** The bound on resuming deliveries once Redis is back; the sweep alone would take its whole interval. */
const RESUME_BOUND_MS = 5_000;
let redis: OwnRedis;
let worker: WebhookWorker | undefined;
let hooks: Receiver;

beforeAll(async () => {
  redis = await startOwnRedis();
  hooks = await startReceiver(ok);
});
afterAll(async () => {
  await worker?.stop();
  await redis.stop();
  await hooks.close();
});

it('loses nothing when Redis stops and starts again mid-flow', async () => {
  const partner = await createPartner(db.pool, hooks.url);
  // Half the events meet a 503 first, so some deliveries sit in BullMQ's delayed set when Redis dies.
  hooks.answerWith((res, index) => void res.writeHead(index % 2 === 0 ? 503 : 200).end());
  worker = testWorker(
    db,
    { url: redis.url, bullmqPrefix: 'yvtest-outage' },
    { WEBHOOK_RETRY_SCHEDULE: '0s,2s,2s' },
  );
  worker.start();
  const before = await actionEvents(db.pool, partner.id, 10);
  await waitFor('first attempts', () => hooks.received.length >= 10);

  await redis.stop();
  hooks.answerWith(ok);
  // Written and relayed while Redis is down: their deliveries wait in Postgres.
  const during = await actionEvents(db.pool, partner.id, 10);
  await waitFor(
    'relayed while down',
    async () => (await listWebhookDeliveries(db.pool, partner.id)).length === 20,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  await redis.start();

  const rows = await waitFor(
    'all delivered',
    async () => {
      const current = await listWebhookDeliveries(db.pool, partner.id);
      return current.length === 20 && current.every((row) => row.status === 'delivered')
        ? current
        : undefined;
    },
    30_000,
  );
  const receivedIds = new Set(hooks.received.map((r) => String(r.headers['webhook-id'])));
  for (const event of [...before, ...during]) expect(receivedIds.has(event.eventId)).toBe(true);
  expect(rows.map((row) => row.eventId).sort()).toEqual([...before, ...during].map((e) => e.eventId).sort());
});

it('delivers what was written while Redis was down within seconds of its return, not at the next sweep', async () => {
  await worker?.stop();
  const partner = await createPartner(db.pool, hooks.url);
  hooks.answerWith(ok);
  // A sweep far beyond the bound: only the reconnect can enqueue in time.
  worker = testWorker(db, { url: redis.url, bullmqPrefix: 'yvtest-outage-2' }, { WEBHOOK_SWEEP_MS: '10m' });
  worker.start();
  await redis.stop();
  const during = await actionEvents(db.pool, partner.id, 5);
  await waitFor(
    'relayed while down',
    async () => (await listWebhookDeliveries(db.pool, partner.id)).length === 5,
  );
  // Down 20 s, as in the incident: the relay's enqueue has given up, and a client that backs off its reconnects
  // (BullMQ's default grows to 20 s between attempts) would find Redis back only seconds later.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  await redis.start();
  await waitFor(
    'delivered after Redis returned',
    async () => (await listWebhookDeliveries(db.pool, partner.id)).every((row) => row.status === 'delivered'),
    RESUME_BOUND_MS,
  );
  const receivedIds = new Set(hooks.received.map((r) => String(r.headers['webhook-id'])));
  for (const event of during) expect(receivedIds.has(event.eventId)).toBe(true);
}, 60_000);
