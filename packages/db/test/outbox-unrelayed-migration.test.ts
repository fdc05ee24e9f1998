import { randomUUID } from 'node:crypto';
import { createPool, runMigrations, type Pool } from '../src';
import { createTempDatabase, dropDatabase, tempDatabaseUrl } from './temp-database';

/**
 * The migration that moved "not yet relayed" from outbox_events.relayed_at to rows of outbox_unrelayed, on a
 * database holding events of both kinds: none is relayed twice or left behind, either way.
 */
const url = tempDatabaseUrl();
let pool: Pool;
beforeAll(async () => {
  await createTempDatabase(url);
  await runMigrations({ databaseUrl: url });
  pool = createPool(url, { max: 1, onError: () => undefined });
});
afterAll(async () => {
  await pool.end();
  await dropDatabase(url);
});

const migrate = (direction: 'up' | 'down') => runMigrations({ databaseUrl: url, direction });

async function ids(sql: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(sql);
  return rows.map((row) => String(row.id)).sort();
}

it('queues the unrelayed events for the relay, and marks the others relayed again when reverted', async () => {
  expect(await migrate('down')).toEqual(['20261127190000000_outbox-unrelayed']);
  const partnerId = randomUUID();
  await pool.query(`INSERT INTO partners (id, name) VALUES ($1, 'migrated')`, [partnerId]);
  const { rows } = await pool.query<{ id: string; relayed: boolean }>(
    `INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload, relayed_at)
     SELECT gen_random_uuid(), 'action.updated', gen_random_uuid()::text, $1, 1, '{}',
            CASE WHEN n % 2 = 0 THEN now() END
       FROM generate_series(1, 6) AS n
     RETURNING id, relayed_at IS NOT NULL AS relayed`,
    [partnerId],
  );
  const unrelayed = rows.filter((row) => !row.relayed).map((row) => String(row.id));
  const relayed = rows.filter((row) => row.relayed).map((row) => String(row.id));

  expect(await migrate('up')).toEqual(['20261127190000000_outbox-unrelayed']);
  expect(await ids('SELECT outbox_id AS id FROM outbox_unrelayed')).toEqual(unrelayed.sort());
  expect(await ids(`SELECT id FROM outbox_events`)).toEqual([...unrelayed, ...relayed].sort());

  expect(await migrate('down')).toEqual(['20261127190000000_outbox-unrelayed']);
  expect(await ids('SELECT id FROM outbox_events WHERE relayed_at IS NULL')).toEqual(unrelayed.sort());
  expect(await ids('SELECT id FROM outbox_events WHERE relayed_at IS NOT NULL')).toEqual(relayed.sort());
  expect(await migrate('up')).toEqual(['20261127190000000_outbox-unrelayed']);
});
