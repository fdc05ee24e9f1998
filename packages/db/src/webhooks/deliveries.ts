import type { IndexScanPool } from '../pool';
import type { Queryable } from '../queryable';
import type { OutboxEventType } from '../outbox';
import { withTransaction } from '../transaction';
import { GONE_REASON } from './endpoints';
import type { DeliveryStatementMoves, WebhookDeliveryStatus } from './lifecycle';

/** What the queue needs to know of a delivery to carry it. */
export interface QueuedDelivery {
  id: string;
  /** Attempts made so far (the in-queue budget counts from here). */
  attempts: number;
  /** A `delivering` row whose lease ran out: its worker died mid-attempt and its job may still sit in Redis. */
  abandoned?: boolean;
  /** Whose endpoint it goes to: the worker caps a failing endpoint's attempts in flight by it. */
  partnerId?: string;
}

export interface RelayedEvent {
  outboxId: string;
  /** Null when the event has no partner, or the partner no webhook URL or no subscription to its type. */
  delivery: (QueuedDelivery & { status: 'pending' | 'disabled' }) | null;
}

/**
 * Delivery ids once each, in the order the claim and the record lock their rows (one probe of the primary key per
 * id, in the order given), so two overlapping batches wait for each other instead of deadlocking. Lowercase UUID
 * text sorts as Postgres sorts the UUIDs.
 */
function inLockOrder(deliveryIds: readonly string[]): string[] {
  return [...new Set(deliveryIds.map((id) => id.toLowerCase()))].sort();
}

/** The relay's moves: a delivery is created pending, or disabled when its partner's endpoint is. */
export const RELAY_MOVES: DeliveryStatementMoves = {
  edges: [
    [null, 'pending'],
    [null, 'disabled'],
  ],
  openRows: ['insert'],
};

/**
 * **relay**. Reads up to `limit` unrelayed events (outbox_unrelayed, oldest first, skipping rows another relay
 * holds), their outbox_events rows and their partners' endpoints. Moves: (new) → pending, (new) → disabled
 * (RELAY_MOVES). Open rows: inserts one per pending delivery. Deletes the events' outbox_unrelayed rows.
 *
 * One delivery per (event, partner endpoint subscribed to its type), in one statement, in a transaction committed
 * only once its rows are back here. Enqueue the pending deliveries only then: a crash before the commit (a worker
 * killed while the relay runs) leaves the rows unrelayed for the next worker at once, where a lone statement could
 * have marked them relayed with their deliveries left for the sweep; a crash after it leaves pending deliveries for
 * the sweep, and the unique (event_id, partner_id) makes a second delivery impossible.
 * On an IndexScanPool, like the claim and the record: the planner, sizing the outbox by its last ANALYZE (or by
 * nothing on a new database), would otherwise read every unrelayed row into a bitmap and sort it, once per batch.
 * @returns the relayed rows in outbox order.
 */
export async function relayOutboxEvents(pool: IndexScanPool, limit: number): Promise<RelayedEvent[]> {
  // Read in order, outbox_unrelayed's primary key gives the oldest unrelayed events first and the scan stops after
  // `limit`; deleting their rows is what marks them relayed.
  const { rows } = await withTransaction(pool, (client) =>
    client.query<{
      outboxId: string;
      deliveryId: string | null;
      status: 'pending' | 'disabled' | null;
      partnerId: string | null;
    }>(
      `WITH batch AS (
       SELECT ctid FROM outbox_unrelayed ORDER BY outbox_id LIMIT $1 FOR UPDATE SKIP LOCKED
     ), relayed AS (
       DELETE FROM outbox_unrelayed u USING batch WHERE u.ctid = batch.ctid RETURNING u.outbox_id
     ), marked AS (
       SELECT e.id, e.event_id, e.partner_id, e.type FROM relayed r JOIN outbox_events e ON e.id = r.outbox_id
     ), inserted AS (
       INSERT INTO webhook_deliveries (id, event_id, partner_id, url, status)
       SELECT gen_random_uuid(), b.event_id, b.partner_id, p.webhook_url,
              CASE WHEN p.webhook_disabled_at IS NULL THEN 'pending' ELSE 'disabled' END
         FROM marked b JOIN partners p ON p.id = b.partner_id
        WHERE p.webhook_url IS NOT NULL
          -- Only subscribed types (null: all); a test event is sent because the partner asked for it.
          AND (p.webhook_event_types IS NULL OR b.type = ANY (p.webhook_event_types) OR b.type = 'webhook.test')
        ORDER BY b.id
       ON CONFLICT (event_id, partner_id) DO NOTHING
       RETURNING id, event_id, partner_id, status, next_attempt_at
     ), opened AS (
       INSERT INTO webhook_deliveries_open (delivery_id, next_attempt_at)
       SELECT id, next_attempt_at FROM inserted WHERE status = 'pending'
     )
     SELECT m.id AS "outboxId", i.id AS "deliveryId", i.status, i.partner_id AS "partnerId"
       FROM marked m LEFT JOIN inserted i ON i.event_id = m.event_id
      ORDER BY m.id`,
      [limit],
    ),
  );
  return rows.map((row) => ({
    outboxId: String(row.outboxId),
    delivery:
      row.deliveryId && row.status && row.partnerId
        ? { id: row.deliveryId, attempts: 0, status: row.status, partnerId: row.partnerId }
        : null,
  }));
}

/** A delivery taken for one attempt, with the event it carries. */
export interface ClaimedDelivery {
  id: string;
  /** The outbox event id: the `webhook-id` header, the same on every attempt. */
  eventId: string;
  partnerId: string;
  url: string;
  /** `delivering` when this caller owns the attempt; `disabled` when the endpoint is gone (nothing to send). */
  status: 'delivering' | 'disabled';
  /** The number of this attempt (1 for the first), counting across redeliveries. */
  attempt: number;
  /** This attempt's place in the retry schedule (1 for the first): it restarts at 1 with a redelivery. */
  scheduleAttempt: number;
  type: OutboxEventType;
  sequence: number;
  payload: unknown;
  /** When the change happened: the event's `timestamp`. */
  occurredAt: Date;
  /** The partner's active signing secrets, newest first (several during a rotation). */
  secrets: string[];
}

/**
 * How much earlier than its due time a pending delivery may be claimed: the due time is written by one clock (a
 * worker's, or Postgres') and its delayed job fired by another.
 */
const CLAIM_EARLY_MS = 1_000;

/** The claim's moves: an attempt starts (again, once a lease ran out), or the endpoint is gone and none does. */
export const CLAIM_MOVES: DeliveryStatementMoves = {
  edges: [
    ['pending', 'delivering'],
    ['delivering', 'delivering'],
    ['pending', 'disabled'],
    ['delivering', 'disabled'],
  ],
  openRows: ['delete'],
};

/**
 * **claim**. Reads the given deliveries (locked in id order), their partners' endpoints, their events and the
 * partners' active secrets. Moves: pending (due) or delivering (lease run out) → delivering, attempts + 1; the same
 * → disabled when the endpoint is disabled or unset (CLAIM_MOVES). Open rows: deletes those of the disabled ones;
 * an attempt leaves its row as it is.
 *
 * Takes deliveries for one attempt each, in one statement: pending ones that are due, and ones whose previous
 * attempt's lease (`leaseMs`) ran out (their worker died mid-attempt). Anything else — delivered, failed, disabled,
 * in flight elsewhere, or waiting for a retry — is not claimed, so a duplicate job never sends twice, nor sooner than
 * the retry schedule: a relay job's delivery may also have a job of the sweep's, which outlives its first attempt.
 * The statement is prepared (named): it runs for every few deliveries, and commits on its own, one round trip. A
 * worker killed while it runs may leave its deliveries claimed, as it leaves the attempts it had in flight: both go
 * on once their lease runs out. A transaction around it, committed once the rows are back, spared those few the
 * lease but cost two more round trips per claim, which the claims' turn holds every starting attempt for
 * (docs/webhooks.md#delivery-and-retries). Rows are locked in id order (inLockOrder) and updated by
 * the address the lock returned.
 * On an IndexScanPool: left to the statistics of the last ANALYZE, taken before the burst, the planner read every
 * open delivery once per batch, and a prepared statement keeps a generic plan made while the table was a few pages
 * (a seq scan) for good. The URL is the partner's current one; a partner whose endpoint was disabled (410) or unset
 * gets the delivery `disabled` without an attempt, which closes its webhook_deliveries_open row; an attempt leaves
 * that row as it is, so the sweep finds it by the due time it was claimed at once its lease runs out.
 * @returns one entry per id, in the order given: null for a delivery that is not there to take.
 */
export async function claimDeliveries(
  pool: IndexScanPool,
  deliveryIds: readonly string[],
  leaseMs: number,
): Promise<(ClaimedDelivery | null)[]> {
  if (deliveryIds.length === 0) return [];
  const { rows } = await pool.query<ClaimedDelivery>({
    name: 'webhook-claim-deliveries',
    text: `WITH target AS (
       SELECT want.id, d.ctid, (p.webhook_url IS NULL OR p.webhook_disabled_at IS NOT NULL) AS gone, p.webhook_url,
              (d.status = 'pending' AND d.next_attempt_at <= now() + $3 * interval '1 millisecond')
                OR (d.status = 'delivering' AND d.updated_at < now() - $2 * interval '1 millisecond') AS due
         FROM unnest($1::uuid[]) AS want(id)
        CROSS JOIN LATERAL (
              SELECT ctid, partner_id, status, next_attempt_at, updated_at FROM webhook_deliveries
               WHERE id = want.id FOR UPDATE
             ) d
         JOIN partners p ON p.id = d.partner_id
     ), closed AS (
       DELETE FROM webhook_deliveries_open o USING target t WHERE o.delivery_id = t.id AND t.gone AND t.due
     )
     UPDATE webhook_deliveries d
        SET status = CASE WHEN t.gone THEN 'disabled' ELSE 'delivering' END,
            attempts = d.attempts + CASE WHEN t.gone THEN 0 ELSE 1 END,
            url = COALESCE(t.webhook_url, d.url),
            updated_at = now()
       FROM target t, outbox_events e
      WHERE d.ctid = t.ctid AND t.due AND e.event_id = d.event_id
      RETURNING d.id, d.event_id AS "eventId", d.partner_id AS "partnerId", d.url, d.status,
                d.attempts AS attempt, d.attempts - d.schedule_base AS "scheduleAttempt",
                e.type, e.sequence, e.payload, e.created_at AS "occurredAt",
                ARRAY(SELECT s.secret FROM webhook_secrets s
                       WHERE s.partner_id = d.partner_id AND (s.expires_at IS NULL OR s.expires_at > now())
                       ORDER BY s.created_at DESC, s.id) AS secrets`,
    values: [inLockOrder(deliveryIds), leaseMs, CLAIM_EARLY_MS],
  });
  // An id given twice (a relay job's delivery and a job of the sweep's in one batch) is claimed for the first only.
  const claimed = new Map(rows.map((row) => [row.id, row]));
  return deliveryIds.map((id) => {
    const row = claimed.get(id) ?? null;
    claimed.delete(id);
    return row;
  });
}

export interface DeliveryAttemptResult {
  deliveryId: string;
  /** ClaimedDelivery.attempt: only the owner of that attempt may settle it. */
  attempt: number;
  /** The status the delivery moves to. */
  status: Exclude<WebhookDeliveryStatus, 'delivering'>;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** For `pending`: when the next attempt is due. */
  nextAttemptAt?: Date;
}

/** The record's moves: a delivery's attempt settles it, or leaves it waiting for the next attempt. */
export const RECORD_MOVES: DeliveryStatementMoves = {
  edges: [
    ['delivering', 'delivered'],
    ['delivering', 'disabled'],
    ['delivering', 'pending'],
    ['delivering', 'failed'],
  ],
  openRows: ['delete', 'update'],
};

/**
 * **record**. Reads the given deliveries (locked in id order); inserts each attempt into webhook_attempts. Moves:
 * delivering → the status the worker decided (delivered, disabled, pending or failed: RECORD_MOVES), for the attempt
 * that owns the delivery only. Open rows: deletes those of delivered and disabled deliveries, sets the due time and
 * `failed` of pending and failed ones. Sets the partner's `webhook_delivered_at`, or disables its endpoint on a 410.
 *
 * Records attempts and moves their deliveries on, in one statement for the whole batch: a settled delivery leaves
 * webhook_deliveries_open, a retry or a failure updates its row there, and a success sets its partner's
 * `webhook_delivered_at`. None of the columns it changes in webhook_deliveries is indexed, so, like the claim's,
 * its update is HOT (docs/webhooks.md#updates-that-stay-on-their-page). An attempt whose lease
 * ran out and was claimed again by another worker settles nothing (its row is still recorded). A delivery settled
 * `disabled` (a 410) disables its partner's endpoint in the same statement, so no reader ever sees the delivery
 * disabled while the endpoint still takes deliveries. The statement is prepared (named), locks and updates its
 * rows as the claim does, and runs on an IndexScanPool for the same reason. It commits on its own: a record that
 * reached the database stands even if its worker dies before the answer, so a settled attempt is not sent again.
 * @returns one flag per result, in the order given: false when the delivery was no longer that attempt's to settle.
 */
export async function recordDeliveryAttempts(
  pool: IndexScanPool,
  results: readonly DeliveryAttemptResult[],
): Promise<boolean[]> {
  if (results.length === 0) return [];
  const deliveryIds = results.map((result) => result.deliveryId);
  const { rows } = await pool.query<{ id: string; attempts: number }>({
    name: 'webhook-record-attempts',
    text: `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[], $7::timestamptz[])
           AS i(delivery_id, attempt, status, status_code, duration_ms, error, next_attempt_at)
     ), recorded AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, status_code, duration_ms, error)
       SELECT delivery_id, attempt, status_code, duration_ms, error FROM input
     ), locked AS (
       SELECT d.* FROM unnest($9::uuid[]) AS want(id)
        CROSS JOIN LATERAL (
              SELECT ctid, id, attempts, status FROM webhook_deliveries WHERE id = want.id FOR UPDATE
             ) d
     ), settled AS (
       UPDATE webhook_deliveries d
          SET status = i.status, last_status_code = i.status_code, last_error = i.error,
              next_attempt_at = COALESCE(i.next_attempt_at, d.next_attempt_at),
              delivered_at = CASE WHEN i.status = 'delivered' THEN now() END,
              updated_at = now()
         FROM input i JOIN locked l ON l.id = i.delivery_id AND l.attempts = i.attempt AND l.status = 'delivering'
        WHERE d.ctid = l.ctid
        RETURNING d.id, d.attempts, d.partner_id, d.status, d.next_attempt_at
     ), closed AS (
       DELETE FROM webhook_deliveries_open o USING settled s
        WHERE o.delivery_id = s.id AND s.status IN ('delivered', 'disabled')
     ), waiting AS (
       UPDATE webhook_deliveries_open o SET next_attempt_at = s.next_attempt_at, failed = s.status = 'failed'
         FROM settled s WHERE o.delivery_id = s.id AND s.status IN ('pending', 'failed')
     ), endpoint AS (
       -- One update per partner: a batch may hold its successes and a 410 both.
       UPDATE partners p
          SET webhook_delivered_at = CASE WHEN x.delivered THEN now() ELSE p.webhook_delivered_at END,
              webhook_disabled_at = CASE WHEN x.gone THEN COALESCE(p.webhook_disabled_at, now())
                                         ELSE p.webhook_disabled_at END,
              webhook_disabled_reason = CASE WHEN x.gone AND p.webhook_disabled_at IS NULL THEN $8
                                             ELSE p.webhook_disabled_reason END
         FROM (SELECT partner_id, bool_or(status = 'delivered') AS delivered, bool_or(status = 'disabled') AS gone
                 FROM settled GROUP BY partner_id) x
        WHERE p.id = x.partner_id AND (x.delivered OR (x.gone AND p.webhook_disabled_at IS NULL))
     )
     SELECT id, attempts FROM settled`,
    values: [
      deliveryIds,
      results.map((result) => result.attempt),
      results.map((result) => result.status),
      results.map((result) => result.statusCode),
      results.map((result) => Math.max(0, Math.round(result.durationMs))),
      results.map((result) => result.error),
      results.map((result) => result.nextAttemptAt ?? null),
      GONE_REASON,
      inLockOrder(deliveryIds),
    ],
  });
  const settled = new Set(rows.map((row) => `${row.id}/${row.attempts}`));
  return results.map((result) => settled.has(`${result.deliveryId}/${result.attempt}`));
}

/**
 * **sweep** (read only). Reads open rows that are due and not failed, with their deliveries. Moves nothing; returns
 * the pending ones and the delivering ones whose lease ran out (`abandoned`), soonest due first.
 *
 * Deliveries that should have a queue job: pending ones that are due, and attempts whose lease ran out. The
 * sweep enqueues them again under their own job id, which BullMQ ignores while the job still exists; so this is
 * how a delivery whose job was lost with Redis (or never made it there) goes out.
 */
export async function listDueDeliveries(
  db: Queryable,
  options: { leaseMs: number; limit: number },
): Promise<QueuedDelivery[]> {
  const { rows } = await db.query<QueuedDelivery>(
    `SELECT d.id, d.attempts, d.status = 'delivering' AS abandoned, d.partner_id AS "partnerId"
       FROM webhook_deliveries_open o JOIN webhook_deliveries d ON d.id = o.delivery_id
      WHERE NOT o.failed AND o.next_attempt_at <= now()
        AND (d.status = 'pending' OR (d.status = 'delivering' AND d.updated_at < now() - $1 * interval '1 millisecond'))
      ORDER BY o.next_attempt_at LIMIT $2`,
    [options.leaseMs, options.limit],
  );
  return rows;
}

/** The cron's rescue moves: a failed delivery with places left in the schedule, or an overdue pending one, is due. */
export const RESCUE_MOVES: DeliveryStatementMoves = {
  edges: [
    ['failed', 'pending'],
    ['pending', 'pending'],
  ],
  openRows: ['update'],
};

/**
 * **rescue**. Reads open rows that are failed or overdue, with their deliveries, skipping rows another call holds.
 * Moves: failed → pending, pending → pending, due now (RESCUE_MOVES). Open rows: sets them due now and not failed.
 * Returns the rescued deliveries.
 *
 * The cron retry's claim, for what the worker's own schedule cannot reach: failed deliveries with places left in
 * the schedule (it was made longer since they failed) and pending ones overdue by more than `overdueMs` (their
 * delayed job was lost and no worker swept them) become pending and due now, oldest first. Rows another
 * overlapping call holds are skipped, and once it commits they are neither failed nor overdue, so two calls never
 * claim one delivery. Run inside a transaction and commit only after the enqueue succeeded.
 */
export async function claimFailedDeliveries(
  db: Queryable,
  options: { maxAttempts: number; limit: number; overdueMs: number },
): Promise<QueuedDelivery[]> {
  const { rows } = await db.query<QueuedDelivery>(
    `WITH picked AS (
       SELECT o.delivery_id AS id FROM webhook_deliveries_open o JOIN webhook_deliveries d ON d.id = o.delivery_id
        WHERE (o.failed AND d.status = 'failed' AND d.attempts - d.schedule_base < $1)
           OR (NOT o.failed AND o.next_attempt_at < now() - $3 * interval '1 millisecond' AND d.status = 'pending')
        ORDER BY o.next_attempt_at, o.delivery_id LIMIT $2 FOR UPDATE OF o, d SKIP LOCKED
     ), reopened AS (
       UPDATE webhook_deliveries_open o SET next_attempt_at = now(), failed = false
         FROM picked WHERE o.delivery_id = picked.id
     )
     UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = now(), updated_at = now()
       FROM picked WHERE d.id = picked.id
     RETURNING d.id, d.attempts`,
    [options.maxAttempts, options.limit, options.overdueMs],
  );
  return rows;
}

/**
 * **repair** (operator's command). Reads every delivery and every open row. Moves nothing. Open rows: deletes those
 * whose delivery is gone or not pending, delivering or failed; inserts or corrects the others'. Returns the counts.
 *
 * Derives webhook_deliveries_open again from the deliveries: a row for every pending, delivering or failed one with
 * its due time and `failed` mark, none for the others. Code from before that table (2026-11-29) writes deliveries
 * without their rows, so run it once the last worker and gateway of that code stopped. Safe while the current code
 * runs: a race with a record that settles a delivery leaves at worst a row for it, which every reader skips (it
 * joins the delivery) and the next repair deletes. Reads every delivery: an operator's command, not a loop's.
 */
export async function repairOpenDeliveries(db: Queryable): Promise<{ opened: number; closed: number }> {
  const { rows } = await db.query<{ opened: number; closed: number }>(
    `WITH closed AS (
       DELETE FROM webhook_deliveries_open o
        WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                           WHERE d.id = o.delivery_id AND d.status IN ('pending', 'delivering', 'failed'))
       RETURNING 1
     ), opened AS (
       INSERT INTO webhook_deliveries_open (delivery_id, next_attempt_at, failed)
       SELECT id, next_attempt_at, status = 'failed' FROM webhook_deliveries
        WHERE status IN ('pending', 'delivering', 'failed')
       ON CONFLICT (delivery_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, failed = excluded.failed
        WHERE (webhook_deliveries_open.next_attempt_at, webhook_deliveries_open.failed)
              IS DISTINCT FROM (excluded.next_attempt_at, excluded.failed)
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM opened)::int AS opened, (SELECT count(*) FROM closed)::int AS closed`,
  );
  return rows[0]!;
}

/**
 * Failed deliveries that used the whole schedule: given up (until the partner redelivers them). Reads the failed
 * open rows with their deliveries; moves nothing.
 */
export async function countExhaustedDeliveries(db: Queryable, maxAttempts: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count
       FROM webhook_deliveries_open o JOIN webhook_deliveries d ON d.id = o.delivery_id
      WHERE o.failed AND d.status = 'failed' AND d.attempts - d.schedule_base >= $1`,
    [maxAttempts],
  );
  return rows[0]?.count ?? 0;
}

export interface OutboxBacklog {
  /** Unrelayed outbox rows. */
  count: number;
  /** created_at of the oldest unrelayed row; null when there is none. */
  oldestCreatedAt: Date | null;
}

export async function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  const { rows } = await db.query<OutboxBacklog>(
    `SELECT count(*)::int AS count, min(e.created_at) AS "oldestCreatedAt"
       FROM outbox_unrelayed u JOIN outbox_events e ON e.id = u.outbox_id`,
  );
  return rows[0] ?? { count: 0, oldestCreatedAt: null };
}

export interface WebhookDeliveryRow {
  id: string;
  eventId: string;
  partnerId: string;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
}

/** A partner's deliveries, oldest event first (operators and tests). */
export async function listWebhookDeliveries(db: Queryable, partnerId: string): Promise<WebhookDeliveryRow[]> {
  const { rows } = await db.query<WebhookDeliveryRow>(
    `SELECT d.id, d.event_id AS "eventId", d.partner_id AS "partnerId", d.url, d.status, d.attempts,
            d.next_attempt_at AS "nextAttemptAt", d.last_status_code AS "lastStatusCode",
            d.last_error AS "lastError", d.delivered_at AS "deliveredAt"
       FROM webhook_deliveries d JOIN outbox_events e ON e.event_id = d.event_id
      WHERE d.partner_id = $1 ORDER BY e.id`,
    [partnerId],
  );
  return rows;
}

export interface WebhookAttemptRow {
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  at: Date;
}

export async function listWebhookAttempts(db: Queryable, deliveryId: string): Promise<WebhookAttemptRow[]> {
  const { rows } = await db.query<WebhookAttemptRow>(
    `SELECT attempt, status_code AS "statusCode", duration_ms AS "durationMs", error, at
       FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`,
    [deliveryId],
  );
  return rows;
}
