import { randomUUID } from 'node:crypto';
import { runMigrations } from '../src';
import { revertThrough, useMigratedDatabase } from './temp-database';

/**
 * The migration that moved "not yet relayed" from outbox_events.relayed_at to rows of outbox_unrelayed, on a
 * database holding events of both kinds: none is relayed twice or left behind, either way.
 */
const db = useMigratedDatabase(1);
const { url } = db;

const OUTBOX_UNRELAYED = '20261127190000000_outbox-unrelayed';
/** One migration up or down: from just before this one, it is the next either way. */
const migrate = (direction: 'up' | 'down') => runMigrations({ databaseUrl: url, direction, count: 1 });

async function ids(sql: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>(sql);
  return rows.map((row) => String(row.id)).sort();
}

it('queues the unrelayed events for the relay, and marks the others relayed again when reverted', async () => {
  await revertThrough(url, OUTBOX_UNRELAYED);
  const partnerId = randomUUID();
  await db.pool.query(`INSERT INTO partners (id, name) VALUES ($1, 'migrated')`, [partnerId]);
  const { rows } = await db.pool.query<{ id: string; relayed: boolean }>(
    `INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload, relayed_at)
     SELECT gen_random_uuid(), 'action.updated', gen_random_uuid()::text, $1, 1, '{}',
            CASE WHEN n % 2 = 0 THEN now() END
       FROM generate_series(1, 6) AS n
     RETURNING id, relayed_at IS NOT NULL AS relayed`,
    [partnerId],
  );
  const unrelayed = rows.filter((row) => !row.relayed).map((row) => String(row.id));
  const relayed = rows.filter((row) => row.relayed).map((row) => String(row.id));

  expect(await migrate('up')).toEqual([OUTBOX_UNRELAYED]);
  expect(await ids('SELECT outbox_id AS id FROM outbox_unrelayed')).toEqual(unrelayed.sort());
  expect(await ids(`SELECT id FROM outbox_events`)).toEqual([...unrelayed, ...relayed].sort());

  expect(await migrate('down')).toEqual([OUTBOX_UNRELAYED]);
  expect(await ids('SELECT id FROM outbox_events WHERE relayed_at IS NULL')).toEqual(unrelayed.sort());
  expect(await ids('SELECT id FROM outbox_events WHERE relayed_at IS NOT NULL')).toEqual(relayed.sort());
  expect(await migrate('up')).toEqual([OUTBOX_UNRELAYED]);
});
