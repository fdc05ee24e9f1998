import { listWebhookAttempts, listWebhookDeliveries } from '@yv/db';
import { scheduleOffsetsMs } from '@yv/domain';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import type { WebhookWorker } from '../src/worker';
import {
  actionEvents,
  createPartner,
  startReceiver,
  status,
  waitFor,
  type Receiver,
} from './support/receiver';
import { testWorker } from './support/worker';

/**
 * The retry schedule end to end: a receiver that always fails gets exactly the scheduled attempts, each the
 * scheduled wait after the one before (read from webhook_attempts, with the jitter and the processing as
 * tolerance), and the delivery waits `pending` with its due time in Postgres between them.
 */
const db = useTestDatabase();
const redis = useTestRedis();
const SCHEDULE = [0, 300, 600, 900];
let worker: WebhookWorker;
let hooks: Receiver;

beforeAll(async () => {
  hooks = await startReceiver(status(503));
  worker = testWorker(db, redis, { WEBHOOK_RETRY_SCHEDULE: SCHEDULE.map((ms) => `${ms}ms`).join(',') });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await hooks.close();
});

it('makes exactly the scheduled attempts at the scheduled offsets, then leaves the delivery failed', async () => {
  const partner = await createPartner(db.pool, hooks.url);
  const [event] = await actionEvents(db.pool, partner.id, 1);

  // Between attempts the delivery waits pending, due at the next scheduled time.
  const waiting = await waitFor('pending after the first attempt', async () => {
    const [row] = await listWebhookDeliveries(db.pool, partner.id);
    return row?.status === 'pending' && row.attempts === 1 ? row : undefined;
  });
  const [first] = await listWebhookAttempts(db.pool, waiting.id);
  const due = waiting.nextAttemptAt.getTime() - first!.at.getTime();
  expect(due).toBeGreaterThanOrEqual(SCHEDULE[1]! - 50);
  expect(due).toBeLessThanOrEqual(SCHEDULE[1]! * 1.1 + 50);

  const [row] = await waitFor('failed', async () => {
    const rows = await listWebhookDeliveries(db.pool, partner.id);
    return rows[0]?.status === 'failed' ? rows : undefined;
  });
  expect(row).toMatchObject({ attempts: SCHEDULE.length, lastStatusCode: 503 });
  const attempts = await listWebhookAttempts(db.pool, row!.id);
  expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual(
    SCHEDULE.map((_, index) => [index + 1, 503]),
  );
  // Offsets from the first attempt: each at least its scheduled time, and at most 10 % jitter plus processing later.
  const offsets = attempts.map((attempt) => attempt.at.getTime() - attempts[0]!.at.getTime());
  const planned = scheduleOffsetsMs(SCHEDULE);
  offsets.forEach((offset, index) => {
    expect(offset).toBeGreaterThanOrEqual(planned[index]! - 50);
    expect(offset).toBeLessThanOrEqual(planned[index]! * 1.1 + 300);
  });
  expect(attempts[0]!.at.getTime() - event!.createdAt.getTime()).toBeLessThan(2_000);

  // Nothing more comes: the schedule is used up, and the sweep does not take failed deliveries.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  expect(await listWebhookAttempts(db.pool, row!.id)).toHaveLength(SCHEDULE.length);
  expect(hooks.received).toHaveLength(SCHEDULE.length);
  expect(new Set(hooks.received.map((received) => received.headers['webhook-id']))).toEqual(
    new Set([event!.eventId]),
  );
});
