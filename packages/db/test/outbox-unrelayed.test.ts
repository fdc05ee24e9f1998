import { randomUUID } from 'node:crypto';
import {
  insertOutboxEvent,
  insertPartner,
  listOutboxEvents,
  outboxBacklog,
  pruneWebhookEvents,
  relayOutboxEvents,
  createIndexScanPool,
} from '../src';
import { useMigratedDatabase } from './temp-database';

/** outbox_unrelayed is the relay's queue: what a writer adds and the relay takes, and what retention must spare. */
const db = useMigratedDatabase(2, createIndexScanPool);

async function twoEventsOf(partnerId: string) {
  const aggregateId = randomUUID();
  const event = () =>
    insertOutboxEvent(db.pool, { type: 'action.updated', aggregateId, partnerId, payload: {} });
  return [await event(), await event()];
}

const backdate = (days: number) =>
  db.pool.query(`UPDATE outbox_events SET created_at = created_at - $1 * interval '1 day'`, [days]);

it('queues a new event, which the relay takes once and the backlog no longer counts', async () => {
  const partnerId = randomUUID();
  await insertPartner(db.pool, { id: partnerId, name: 'queued', webhookUrl: 'https://hooks.example.com/' });
  const [first, second] = await twoEventsOf(partnerId);
  expect([first!.relayed, second!.relayed]).toEqual([false, false]);
  expect((await outboxBacklog(db.pool)).count).toBe(2);

  const relayed = await relayOutboxEvents(db.pool, 10);
  expect(relayed.map((event) => event.outboxId)).toEqual([first!.id, second!.id].map(String));
  expect(relayed.every((event) => event.delivery?.status === 'pending')).toBe(true);
  expect(await relayOutboxEvents(db.pool, 10)).toEqual([]);
  expect(await outboxBacklog(db.pool)).toEqual({ count: 0, oldestCreatedAt: null });
  const listed = await listOutboxEvents(db.pool, 'action.updated', first!.aggregateId);
  expect(listed.map((event) => event.relayed)).toEqual([true, true]);
});

it('prunes old relayed events but never one still waiting for the relay', async () => {
  await db.pool.query(
    'TRUNCATE webhook_attempts, webhook_deliveries_open, webhook_deliveries, outbox_unrelayed, outbox_events',
  );
  const partnerId = randomUUID();
  await insertPartner(db.pool, { id: partnerId, name: 'retention', webhookUrl: null });
  const [relayedOld] = await twoEventsOf(partnerId);
  await relayOutboxEvents(db.pool, 10);
  const [waitingOld] = await twoEventsOf(partnerId);
  await backdate(31);

  // Of each action the newest event stays; the older relayed one goes, the older waiting one stays.
  expect(await pruneWebhookEvents(db.pool, { retentionMs: 30 * 86_400_000, limit: 100 })).toBe(1);
  const left = async (aggregateId: string) =>
    (await listOutboxEvents(db.pool, 'action.updated', aggregateId)).map((event) => event.sequence);
  expect(await left(relayedOld!.aggregateId)).toEqual([2]);
  expect(await left(waitingOld!.aggregateId)).toEqual([1, 2]);
});
