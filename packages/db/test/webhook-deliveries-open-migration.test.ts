import { randomUUID } from 'node:crypto';
import { runMigrations } from '../src';
import { revertThrough, useMigratedDatabase } from './temp-database';

/**
 * The migration that moved what the sweep, the cron and the auto-disable find off webhook_deliveries' indexes: the
 * open deliveries into webhook_deliveries_open, a partner's last success into partners.webhook_delivered_at.
 */
const db = useMigratedDatabase(1);
const { url } = db;

const DELIVERIES_OPEN = '20261129070000000_webhook-deliveries-open';
const migrate = (direction: 'up' | 'down') => runMigrations({ databaseUrl: url, direction, count: 1 });

it('opens the pending, delivering and failed deliveries and keeps each partner its last success', async () => {
  await revertThrough(url, DELIVERIES_OPEN);
  const partnerId = randomUUID();
  await db.pool.query(
    `INSERT INTO partners (id, name, webhook_url) VALUES ($1, 'migrated', 'https://h.example/')`,
    [partnerId],
  );
  const { rows } = await db.pool.query<{ id: string; status: string; due: Date; delivered: Date | null }>(
    `WITH event AS (
       INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload)
       SELECT gen_random_uuid(), 'action.updated', n::text, $1, 1, '{}' FROM generate_series(1, 5) AS n
       RETURNING event_id, aggregate_id::int AS n
     )
     INSERT INTO webhook_deliveries (id, event_id, partner_id, url, status, next_attempt_at, delivered_at)
     SELECT gen_random_uuid(), e.event_id, $1, 'https://h.example/', s.status,
            now() - e.n * interval '1 minute', CASE WHEN s.status = 'delivered' THEN now() - e.n * interval '1 hour' END
       FROM event e
       JOIN (VALUES (1, 'pending'), (2, 'delivering'), (3, 'failed'), (4, 'delivered'), (5, 'delivered'))
            AS s(n, status) ON s.n = e.n
     RETURNING id, status, next_attempt_at AS due, delivered_at AS delivered`,
    [partnerId],
  );

  expect(await migrate('up')).toEqual([DELIVERIES_OPEN]);
  const open = await db.pool.query<{ id: string; due: Date; failed: boolean }>(
    `SELECT delivery_id AS id, next_attempt_at AS due, failed FROM webhook_deliveries_open ORDER BY next_attempt_at`,
  );
  const expected = rows
    .filter((row) => ['pending', 'delivering', 'failed'].includes(row.status))
    .map((row) => ({ id: row.id, due: row.due, failed: row.status === 'failed' }))
    .sort((a, b) => a.due.getTime() - b.due.getTime());
  expect(open.rows).toEqual(expected);
  const latest = Math.max(...rows.flatMap((row) => (row.delivered ? [row.delivered.getTime()] : [])));
  const partner = await db.pool.query<{ delivered: Date }>(
    `SELECT webhook_delivered_at AS delivered FROM partners WHERE id = $1`,
    [partnerId],
  );
  expect(partner.rows[0]!.delivered.getTime()).toBe(latest);

  expect(await migrate('down')).toEqual([DELIVERIES_OPEN]);
  const { rows: indexes } = await db.pool.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'webhook_deliveries' ORDER BY indexname`,
  );
  expect(indexes.map((index) => index.name)).toContain('webhook_deliveries_open');
  expect(await migrate('up')).toEqual([DELIVERIES_OPEN]);
});
