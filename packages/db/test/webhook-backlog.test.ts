import { randomUUID } from 'node:crypto';
import {
  claimDeliveries,
  createIndexScanPool,
  insertOutboxEventBurst,
  insertPartner,
  insertWebhookSecret,
  recordDeliveryAttempts,
  relayOutboxEvents,
  type ClaimedDelivery,
} from '../src';
import { useMigratedDatabase } from './temp-database';

/**
 * The relay, the claim and the record read their batch, not the backlog, whatever the planner's statistics say: none
 * on a new database, or taken before a burst (one ANALYZE while nothing was waiting), so the planner believes few
 * events are unrelayed and few deliveries open while thousands are. A plan made on such beliefs read every one of
 * them once per batch. They run on an IndexScanPool, as in the webhook worker.
 */
// One connection: the statistics a statement leaves pending in its backend are flushed by that same backend.
const db = useMigratedDatabase(1, createIndexScanPool);
const BACKLOG = 5_000;
const BATCH = 100;
const LEASE_MS = 10_000;

/** Rows a table's scans have read so far (sequentially or through an index), once this backend reported them. */
async function rowsRead(table: string): Promise<number> {
  await db.pool.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await db.pool.query<{ read: string }>(
    `SELECT coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS read FROM pg_stat_user_tables WHERE relname = $1`,
    [table],
  );
  return Number(rows[0]!.read);
}

/** The most rows `work` read of any one of `tables`. */
async function readDuring(tables: readonly string[], work: () => Promise<unknown>): Promise<number> {
  const before: number[] = [];
  for (const table of tables) before.push(await rowsRead(table));
  await work();
  let most = 0;
  for (const [i, table] of tables.entries()) most = Math.max(most, (await rowsRead(table)) - before[i]!);
  return most;
}

/** The relay reads its queue and the events it takes. */
const RELAY_TABLES = ['outbox_unrelayed', 'outbox_events'];

const relay = (limit: number) => relayOutboxEvents(db.pool, limit);

/** Records each claimed delivery's attempt as answered 200. */
function recordDelivered(claimed: readonly (ClaimedDelivery | null)[]): Promise<boolean[]> {
  return recordDeliveryAttempts(
    db.pool,
    claimed.map((delivery) => ({
      deliveryId: delivery!.id,
      attempt: delivery!.attempt,
      status: 'delivered' as const,
      statusCode: 200,
      durationMs: 1,
      error: null,
    })),
  );
}

async function partner(): Promise<string> {
  const partnerId = randomUUID();
  await insertPartner(db.pool, { id: partnerId, name: 'burst', webhookUrl: 'https://hooks.example.com/' });
  await insertWebhookSecret(db.pool, { id: randomUUID(), partnerId, secret: `whsec_${'a'.repeat(43)}` });
  return partnerId;
}

it('relays a batch out of a backlog on a database never analyzed, reading about the batch', async () => {
  await insertOutboxEventBurst(db.pool, await partner(), BACKLOG);
  expect(await readDuring(RELAY_TABLES, () => relay(BATCH))).toBeLessThan(5 * BATCH);
  await db.pool.query(
    'TRUNCATE webhook_attempts, webhook_deliveries_open, webhook_deliveries, outbox_unrelayed, outbox_events',
  );
});

it('relays, claims and records a batch out of a burst the statistics missed, reading about the batch', async () => {
  const partnerId = await partner();
  // A quiet start, analyzed: every event relayed, every delivery settled.
  await insertOutboxEventBurst(db.pool, partnerId, 20);
  const quiet = (await relay(100)).map((event) => event.delivery!.id);
  const claimed = await claimDeliveries(db.pool, quiet, LEASE_MS);
  await recordDelivered(claimed);
  await db.pool.query('ANALYZE outbox_unrelayed, outbox_events, webhook_deliveries');

  await insertOutboxEventBurst(db.pool, partnerId, BACKLOG);
  expect(await readDuring(RELAY_TABLES, () => relay(BATCH))).toBeLessThan(5 * BATCH);
  while ((await relay(500)).length > 0);

  const { rows } = await db.pool.query<{ id: string }>(
    `SELECT id FROM webhook_deliveries WHERE status = 'pending' ORDER BY random() LIMIT $1`,
    [BATCH],
  );
  const ids = rows.map((row) => row.id);
  let batch: (ClaimedDelivery | null)[] = [];
  expect(
    await readDuring(['webhook_deliveries', 'webhook_deliveries_open'], async () => {
      batch = await claimDeliveries(db.pool, ids, LEASE_MS);
    }),
  ).toBeLessThan(5 * BATCH);
  expect(batch.every((delivery) => delivery?.status === 'delivering')).toBe(true);

  let settled: boolean[] = [];
  expect(
    await readDuring(['webhook_deliveries', 'webhook_deliveries_open'], async () => {
      settled = await recordDelivered(batch);
    }),
  ).toBeLessThan(5 * BATCH);
  expect(settled).toEqual(ids.map(() => true));
});
