import type { Queryable } from '@yv/db';

/**
 * Deliveries whose webhook_deliveries_open row disagrees with the delivery: a pending, delivering or failed one
 * without its row, a settled one with a row, or a row whose due time or `failed` mark is not the delivery's. No
 * constraint holds the two together (the migration says why), so every test database is checked when it is
 * dropped. A database without the table (an older schema under test) has none.
 */
export async function openDeliveryMismatches(db: Queryable): Promise<string[]> {
  const { rows: table } = await db.query<{ exists: boolean }>(
    `SELECT to_regclass('webhook_deliveries_open') IS NOT NULL AS exists`,
  );
  if (!table[0]?.exists) return [];
  const { rows } = await db.query<{ mismatch: string }>(
    `SELECT coalesce(d.id, o.delivery_id) || ': ' || coalesce(d.status, 'no delivery') || ', ' ||
            CASE WHEN o.delivery_id IS NULL THEN 'no open row'
                 ELSE 'open row due ' || o.next_attempt_at || CASE WHEN o.failed THEN ' failed' ELSE '' END END
              AS mismatch
       FROM webhook_deliveries d FULL JOIN webhook_deliveries_open o ON o.delivery_id = d.id
      WHERE (d.status IN ('pending', 'delivering', 'failed')) IS DISTINCT FROM (o.delivery_id IS NOT NULL)
         OR o.failed <> (d.status = 'failed') OR o.next_attempt_at <> d.next_attempt_at`,
  );
  return rows.map((row) => row.mismatch);
}
