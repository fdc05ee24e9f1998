import { randomUUID } from 'node:crypto';
import { insertOutboxEvent, insertPartner, partnerEventsSince, withTransaction } from '../src';
import { useMigratedDatabase } from './temp-database';

/** Bulk redelivery's batches: never an event skipped or repeated across calls, whatever the timestamps. */
const db = useMigratedDatabase(2);

async function events(partnerId: string, count: number, oneTransaction = false) {
  const write = async (client: Parameters<typeof insertOutboxEvent>[0]) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push(
        (
          await insertOutboxEvent(client, {
            type: 'action.updated',
            aggregateId: randomUUID(),
            partnerId,
            payload: { i },
          })
        ).eventId,
      );
    return ids;
  };
  return oneTransaction ? withTransaction(db.pool, write) : write(db.pool);
}

async function allBatches(partnerId: string, since: Date, limit: number) {
  const batches: string[][] = [];
  let from: Date | null = since;
  while (from) {
    const batch = await partnerEventsSince(db.pool, partnerId, from, limit);
    batches.push(batch.eventIds);
    expect(batch.remaining > 0).toBe(batch.nextSince !== null);
    from = batch.nextSince;
  }
  return batches;
}

it('walks every event once, in batches of at most the limit', async () => {
  const partnerId = randomUUID();
  await insertPartner(db.pool, { id: partnerId, name: 'p', webhookUrl: 'http://127.0.0.1:9/' });
  const since = new Date(Date.now() - 1_000);
  const ids = await events(partnerId, 12);
  const batches = await allBatches(partnerId, since, 5);
  expect(batches.flat()).toEqual(ids);
  expect(batches.every((batch) => batch.length <= 5 && batch.length > 0)).toBe(true);
});

it('takes a millisecond holding more events than the limit whole (one transaction), then goes on', async () => {
  const partnerId = randomUUID();
  await insertPartner(db.pool, { id: partnerId, name: 'p', webhookUrl: 'http://127.0.0.1:9/' });
  const since = new Date(Date.now() - 1_000);
  const together = await events(partnerId, 4, true);
  const after = await events(partnerId, 2);
  const first = await partnerEventsSince(db.pool, partnerId, since, 2);
  expect(first.eventIds).toEqual(together);
  expect(first.remaining).toBe(2);
  expect((await allBatches(partnerId, since, 2)).flat()).toEqual([...together, ...after]);
});
