import type { Queryable } from '../queryable';

/**
 * **prune**. Reads relayed events older than `retentionMs` (skipping rows another pass holds) and their deliveries.
 * Moves nothing: deletes the deliveries with their events, never a pending or delivering one. Open rows: deletes
 * those of the deliveries it deletes (failed ones have one).
 *
 * Deletes up to `limit` relayed events older than `retentionMs`, with their deliveries and attempts, in one
 * statement. Kept regardless of age: the newest event of each action or redemption, because the next event's
 * `sequence` counts on from it (a receiver would drop a message numbered 1 again as stale), and events a delivery
 * is still pending or in flight for. @returns events deleted; a full batch means more are due.
 */
export async function pruneWebhookEvents(
  db: Queryable,
  options: { retentionMs: number; limit: number },
): Promise<number> {
  const { rowCount } = await db.query(
    `WITH old AS (
       SELECT e.id, e.event_id FROM outbox_events e
        WHERE e.created_at < now() - $1 * interval '1 millisecond'
          AND NOT EXISTS (SELECT 1 FROM outbox_unrelayed u WHERE u.outbox_id = e.id)
          AND EXISTS (SELECT 1 FROM outbox_events n
                       WHERE n.type = e.type AND n.aggregate_id = e.aggregate_id AND n.sequence > e.sequence)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                           WHERE d.event_id = e.event_id AND d.status IN ('pending', 'delivering'))
        ORDER BY e.created_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ), deliveries AS (
       SELECT d.id FROM webhook_deliveries d JOIN old ON old.event_id = d.event_id
     ), attempts AS (
       DELETE FROM webhook_attempts a USING deliveries d WHERE a.delivery_id = d.id
     ), gone AS (
       DELETE FROM webhook_deliveries w USING deliveries d WHERE w.id = d.id
     ), closed AS (
       DELETE FROM webhook_deliveries_open o USING deliveries d WHERE o.delivery_id = d.id
     )
     DELETE FROM outbox_events e USING old WHERE e.id = old.id`,
    [options.retentionMs, options.limit],
  );
  return rowCount ?? 0;
}

export interface DisabledEndpoint {
  partnerId: string;
  /** The first failed attempt after the last successful delivery. */
  failingSince: Date;
}

/**
 * Disables every enabled endpoint that has not had one successful delivery for `afterMs` while failing all that
 * time: its first failed attempt after its last delivered one (and after it was last set or enabled) is older than
 * `afterMs`. The last success is the partner's `webhook_delivered_at`, which the record sets; only partners without
 * one in the window have their attempts looked at, so endpoints that work cost nothing more than their row. Pending
 * deliveries of a disabled endpoint become `disabled` when their next attempt claims them.
 */
export async function disableFailingEndpoints(db: Queryable, afterMs: number): Promise<DisabledEndpoint[]> {
  const { rows } = await db.query<DisabledEndpoint>(
    `WITH quiet AS (
       SELECT p.id, p.webhook_enabled_at AS enabled_at, p.webhook_delivered_at AS last_ok
         FROM partners p WHERE p.webhook_url IS NOT NULL AND p.webhook_disabled_at IS NULL
     ), failing AS (
       SELECT q.id, (SELECT min(a.at) FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
                      WHERE d.partner_id = q.id AND a.error IS NOT NULL
                        AND a.at > GREATEST(q.last_ok, q.enabled_at, '-infinity')) AS since
         FROM quiet q WHERE q.last_ok IS NULL OR q.last_ok < now() - $1 * interval '1 millisecond'
     )
     UPDATE partners p
        SET webhook_disabled_at = now(),
            webhook_disabled_reason = 'failing since ' ||
              to_char(f.since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
       FROM failing f
      WHERE p.id = f.id AND f.since < now() - $1 * interval '1 millisecond' AND p.webhook_disabled_at IS NULL
      RETURNING p.id AS "partnerId", f.since AS "failingSince"`,
    [afterMs],
  );
  return rows;
}

/** Partners with a webhook URL whose endpoint is disabled (410, auto-disable): the gauge behind the alert. */
export async function countDisabledEndpoints(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM partners
      WHERE webhook_url IS NOT NULL AND webhook_disabled_at IS NOT NULL`,
  );
  return rows[0]?.count ?? 0;
}
