import {
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  insertOutboxEvent,
  isWebhookEndpointDisabled,
  listOutboxEvents,
  listWebhookAttempts,
  listWebhookDeliveries,
  type Pool,
} from '@yv/db';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import type { WebhookWorker } from '../src/worker';
import {
  actionEvents,
  createPartner,
  ok,
  startReceiver,
  status,
  waitFor,
  type Receiver,
} from './support/receiver';
import { testWorker } from './support/worker';

/** Retention pruning and the auto-disable of endpoints that keep failing, on the real worker. */
const db = useTestDatabase();
const redis = useTestRedis();
const DISABLE_AFTER_MS = 1_500;
let worker: WebhookWorker;
const receivers: Receiver[] = [];

beforeAll(() => {
  worker = testWorker(db, redis, {
    // One attempt each: failures settle at once.
    WEBHOOK_RETRY_SCHEDULE: '0s',
    WEBHOOK_DISABLE_AFTER: `${DISABLE_AFTER_MS}ms`,
    WEBHOOK_EVENT_RETENTION: '720h',
    // The test runs each pass itself.
    WEBHOOK_MAINTENANCE_MS: '1h',
  });
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

const settled = (pool: Pool, partnerId: string, count: number) =>
  waitFor(`${count} settled`, async () => {
    const rows = await listWebhookDeliveries(pool, partnerId);
    return rows.length === count && rows.every((row) => !['pending', 'delivering'].includes(row.status))
      ? rows
      : undefined;
  });

const backdate = (eventIds: string[], days: number) =>
  db.pool.query(
    `UPDATE outbox_events SET created_at = created_at - $2 * interval '1 day' WHERE event_id = ANY($1::uuid[])`,
    [eventIds, days],
  );

describe('retention', () => {
  it('prunes relayed events older than the retention with their deliveries and attempts', async () => {
    const hooks = await receiver(ok);
    const partner = await createPartner(db.pool, hooks.url);
    const actionA = await actionEvents(db.pool, partner.id, 3);
    const actionB = await actionEvents(db.pool, partner.id, 1);
    const fresh = await actionEvents(db.pool, partner.id, 1);
    const deliveries = await settled(db.pool, partner.id, 5);
    await backdate(
      [...actionA, ...actionB].map((event) => event.eventId),
      31,
    );

    const { pruned } = await worker.maintainOnce();
    expect(pruned).toBeGreaterThanOrEqual(2);
    // Action A keeps its newest event only: the next one's sequence counts on from it. Action B's only event is
    // its newest, so it stays too; the fresh event is inside the retention.
    expect(
      (await listOutboxEvents(db.pool, 'action.updated', actionA[0]!.aggregateId)).map((e) => e.sequence),
    ).toEqual([3]);
    const left = (await listWebhookDeliveries(db.pool, partner.id)).map((row) => row.eventId).sort();
    expect(left).toEqual([actionA[2]!, actionB[0]!, fresh[0]!].map((event) => event.eventId).sort());
    const prunedDelivery = deliveries.find((row) => row.eventId === actionA[0]!.eventId)!;
    expect(await listWebhookAttempts(db.pool, prunedDelivery.id)).toEqual([]);

    const next = await insertOutboxEvent(db.pool, {
      type: 'action.updated',
      aggregateId: actionB[0]!.aggregateId,
      partnerId: partner.id,
      payload: { id: actionB[0]!.aggregateId, status: 'indexed' },
    });
    expect(next.sequence).toBe(2);
    // Now B's old event is not its newest any more: it goes.
    expect((await worker.maintainOnce()).pruned).toBe(1);
    expect(
      (await listOutboxEvents(db.pool, 'action.updated', actionB[0]!.aggregateId)).map((e) => e.sequence),
    ).toEqual([2]);
  });

  it('keeps old events whose delivery is still pending', async () => {
    const partner = await createPartner(db.pool, 'http://127.0.0.1:9/never');
    // Two events of one action, so the older is not kept as the newest.
    const events = await actionEvents(db.pool, partner.id, 2);
    await waitFor('relayed', async () => (await listWebhookDeliveries(db.pool, partner.id)).length === 2);
    await db.pool.query(
      `WITH waiting AS (
         UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now() + interval '1 hour'
          WHERE partner_id = $1 RETURNING id, next_attempt_at
       )
       INSERT INTO webhook_deliveries_open (delivery_id, next_attempt_at) SELECT id, next_attempt_at FROM waiting
       ON CONFLICT (delivery_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, failed = false`,
      [partner.id],
    );
    await backdate(
      events.map((event) => event.eventId),
      31,
    );
    await worker.maintainOnce();
    expect(await listWebhookDeliveries(db.pool, partner.id)).toHaveLength(2);
  });
});

describe('auto-disable', () => {
  it('disables an endpoint that failed every delivery for WEBHOOK_DISABLE_AFTER, and only that one', async () => {
    const failing = await receiver(status(500));
    const recovered = await receiver((res, index) => void res.writeHead(index === 0 ? 500 : 200).end());
    const healthy = await receiver(ok);
    const [dead, back, fine] = await Promise.all([
      createPartner(db.pool, failing.url),
      createPartner(db.pool, recovered.url),
      createPartner(db.pool, healthy.url),
    ]);
    await actionEvents(db.pool, dead.id, 1);
    await actionEvents(db.pool, back.id, 1);
    await actionEvents(db.pool, fine.id, 1);
    await Promise.all([dead, back, fine].map((partner) => settled(db.pool, partner.id, 1)));
    const firstFailure = (
      await listWebhookAttempts(db.pool, (await listWebhookDeliveries(db.pool, dead.id))[0]!.id)
    )[0]!.at;

    // Inside the window nothing is disabled.
    expect((await worker.maintainOnce()).disabled).toEqual([]);
    await actionEvents(db.pool, back.id, 1);
    await settled(db.pool, back.id, 2);
    await new Promise((resolve) => setTimeout(resolve, DISABLE_AFTER_MS + 200));

    const { disabled } = await worker.maintainOnce();
    const ours = disabled
      .map((endpoint) => endpoint.partnerId)
      .filter((id) => [dead.id, back.id, fine.id].includes(id));
    expect(ours).toEqual([dead.id]);
    expect(await isWebhookEndpointDisabled(db.pool, dead.id)).toBe(true);
    expect(await isWebhookEndpointDisabled(db.pool, back.id)).toBe(false);
    expect(await isWebhookEndpointDisabled(db.pool, fine.id)).toBe(false);
    const { rows } = await db.pool.query<{ reason: string }>(
      `SELECT webhook_disabled_reason AS reason FROM partners WHERE id = $1`,
      [dead.id],
    );
    expect(rows[0]!.reason).toBe(`failing since ${firstFailure.toISOString().slice(0, 19)}Z`);

    // A disabled endpoint gets nothing more: new deliveries are `disabled` at once.
    const before = failing.received.length;
    await actionEvents(db.pool, dead.id, 1);
    const rowsAfter = await settled(db.pool, dead.id, 2);
    expect(rowsAfter.map((row) => row.status)).toEqual(['failed', 'disabled']);
    expect(failing.received).toHaveLength(before);

    // Enabled again (the partner fixed it): the failures from before do not count, it stays enabled.
    await enableWebhookEndpoint(db.pool, dead.id);
    await worker.maintainOnce();
    expect(await isWebhookEndpointDisabled(db.pool, dead.id)).toBe(false);
    await disableWebhookEndpoint(db.pool, dead.id, 'test');

    await worker.refreshMetrics();
    const text = await worker.metrics.service.registry.metrics();
    expect(text).toMatch(/svc_webhook_worker_disabled_endpoints [1-9]/);
    expect(text).toMatch(/svc_webhook_worker_endpoints_auto_disabled_total [1-9]/);
  });
});
