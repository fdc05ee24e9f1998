import type { Queryable } from '../queryable';
import type { OutboxEventType } from '../outbox';
import type { QueuedDelivery } from './deliveries';
import type { DeliveryStatementMoves, WebhookDeliveryStatus } from './lifecycle';

/** One event of a partner as its event log shows it: the outbox row whose `event_id` is every delivery's webhook-id. */
export interface PartnerEventRow {
  eventId: string;
  type: OutboxEventType;
  sequence: number;
  payload: unknown;
  createdAt: Date;
}

export interface PartnerEventQuery {
  type?: string;
  /** Only events created at or after this time. */
  since?: Date;
  /** The event id the previous page ended with: the page starts after it. */
  afterEventId?: string;
  limit: number;
}

const EVENT_COLUMNS = `e.event_id AS "eventId", e.type, e.sequence, e.payload, e.created_at AS "createdAt"`;

/**
 * A page of the partner's events, newest first by (created_at, id). A cursor naming an event that is not the
 * partner's (or was pruned) yields an empty page, never another partner's rows.
 */
export async function listPartnerEvents(
  db: Queryable,
  partnerId: string,
  query: PartnerEventQuery,
): Promise<PartnerEventRow[]> {
  const { rows } = await db.query<PartnerEventRow>(
    `SELECT ${EVENT_COLUMNS} FROM outbox_events e
      WHERE e.partner_id = $1
        AND ($2::text IS NULL OR e.type = $2)
        AND ($3::timestamptz IS NULL OR e.created_at >= $3)
        AND ($4::uuid IS NULL OR (e.created_at, e.id) <
             (SELECT c.created_at, c.id FROM outbox_events c WHERE c.event_id = $4 AND c.partner_id = $1))
      ORDER BY e.created_at DESC, e.id DESC LIMIT $5`,
    [partnerId, query.type ?? null, query.since ?? null, query.afterEventId ?? null, query.limit],
  );
  return rows;
}

export interface EventAttemptRow {
  attempt: number;
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface EventDeliveryRow {
  id: string;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
  attemptRows: EventAttemptRow[];
}

export interface PartnerEventDetail extends PartnerEventRow {
  deliveries: EventDeliveryRow[];
}

/** The partner's event with its deliveries and every attempt, oldest first; null when it is not the partner's. */
export async function getPartnerEvent(
  db: Queryable,
  partnerId: string,
  eventId: string,
): Promise<PartnerEventDetail | null> {
  const { rows } = await db.query<PartnerEventDetail>(
    `SELECT ${EVENT_COLUMNS},
            COALESCE((SELECT json_agg(json_build_object(
                       'id', d.id, 'url', d.url, 'status', d.status, 'attempts', d.attempts,
                       'nextAttemptAt', d.next_attempt_at, 'deliveredAt', d.delivered_at, 'createdAt', d.created_at,
                       'attemptRows', COALESCE((SELECT json_agg(json_build_object(
                                          'attempt', a.attempt, 'at', a.at, 'statusCode', a.status_code,
                                          'durationMs', a.duration_ms, 'error', a.error) ORDER BY a.attempt)
                                        FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json))
                       ORDER BY d.created_at, d.id)
                       FROM webhook_deliveries d WHERE d.event_id = e.event_id AND d.partner_id = $1), '[]'::json)
              AS deliveries
       FROM outbox_events e WHERE e.event_id = $2 AND e.partner_id = $1`,
    [partnerId, eventId],
  );
  const row = rows[0];
  if (!row) return null;
  // json_agg gives times as text: the callers get Dates like every other row.
  const date = (value: unknown) => new Date(value as string);
  return {
    ...row,
    deliveries: row.deliveries.map((delivery) => ({
      ...delivery,
      nextAttemptAt: date(delivery.nextAttemptAt),
      deliveredAt: delivery.deliveredAt === null ? null : date(delivery.deliveredAt),
      createdAt: date(delivery.createdAt),
      attemptRows: delivery.attemptRows.map((attempt) => ({ ...attempt, at: date(attempt.at) })),
    })),
  };
}

/** The partner's endpoint as redelivery needs it: null when there is no URL to send to. */
export async function webhookEndpointState(
  db: Queryable,
  partnerId: string,
): Promise<{ url: string | null; disabledAt: Date | null } | null> {
  const { rows } = await db.query<{ url: string | null; disabledAt: Date | null }>(
    `SELECT webhook_url AS url, webhook_disabled_at AS "disabledAt" FROM partners WHERE id = $1`,
    [partnerId],
  );
  return rows[0] ?? null;
}

export interface RedeliveredEvent extends QueuedDelivery {
  eventId: string;
  /** False when the delivery was already pending or in flight: it was left as it was. */
  redelivered: boolean;
  nextAttemptAt: Date;
}

/** Redelivery's moves: the event's delivery is created, or a settled one goes back to pending. */
export const REDELIVER_MOVES: DeliveryStatementMoves = {
  edges: [
    [null, 'pending'],
    ['delivered', 'pending'],
    ['failed', 'pending'],
    ['disabled', 'pending'],
  ],
  openRows: ['insert', 'update'],
};

/**
 * **redeliver**. Reads the partner's given events, its endpoint and their deliveries. Moves: (new), delivered,
 * failed or disabled → pending (REDELIVER_MOVES); pending and delivering ones are left alone. Open rows: inserts
 * one per delivery it made pending, or (a failed one's) sets its due time and clears `failed`.
 *
 * Makes the partner's events due again to its current endpoint, the `i`-th of `eventIds` after `i * spacingMs`:
 * a missing delivery is created, a delivered, failed or disabled one goes back to `pending` with the whole retry
 * schedule ahead (schedule_base), the same event id and body. Pending or in-flight deliveries are left alone. The
 * due times are stored, so the sweep re-adds a job Redis lost no sooner than planned.
 * @returns one entry per event of the partner, in the order given; none for ids that are not its events.
 */
export async function redeliverPartnerEvents(
  db: Queryable,
  partnerId: string,
  eventIds: readonly string[],
  spacingMs: number,
): Promise<RedeliveredEvent[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await db.query<RedeliveredEvent & { position: number }>(
    `WITH target AS (
       SELECT e.event_id, i.position, now() + (i.position - 1) * $3 * interval '1 millisecond' AS due
         FROM unnest($2::uuid[]) WITH ORDINALITY AS i(event_id, position)
         JOIN outbox_events e ON e.event_id = i.event_id AND e.partner_id = $1
     ), upserted AS (
       INSERT INTO webhook_deliveries (id, event_id, partner_id, url, status, next_attempt_at)
       SELECT gen_random_uuid(), t.event_id, $1, p.webhook_url, 'pending', t.due
         FROM target t JOIN partners p ON p.id = $1 AND p.webhook_url IS NOT NULL
       ON CONFLICT (event_id, partner_id) DO UPDATE
          SET status = 'pending', schedule_base = webhook_deliveries.attempts,
              next_attempt_at = excluded.next_attempt_at, delivered_at = NULL, updated_at = now()
        WHERE webhook_deliveries.status IN ('delivered', 'failed', 'disabled')
       RETURNING id, event_id, attempts, next_attempt_at
     ), opened AS (
       INSERT INTO webhook_deliveries_open (delivery_id, next_attempt_at)
       SELECT id, next_attempt_at FROM upserted
       ON CONFLICT (delivery_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, failed = false
     )
     -- The statement's other parts see the table as it was before the upsert: the new values come from upserted.
     SELECT COALESCE(u.id, d.id) AS id, COALESCE(u.attempts, d.attempts) AS attempts, t.event_id AS "eventId",
            COALESCE(u.next_attempt_at, d.next_attempt_at) AS "nextAttemptAt", t.position,
            u.id IS NOT NULL AS redelivered
       FROM target t
       LEFT JOIN upserted u ON u.event_id = t.event_id
       LEFT JOIN webhook_deliveries d ON d.event_id = t.event_id AND d.partner_id = $1
      WHERE u.id IS NOT NULL OR d.id IS NOT NULL
      ORDER BY t.position`,
    [partnerId, eventIds, spacingMs],
  );
  return rows.map(({ position: _position, ...row }) => row);
}

/** The event types the endpoint subscribes to (null: all), as the relay reads them; a test event always goes. */
const SUBSCRIBED = `(p.webhook_event_types IS NULL OR e.type = ANY (p.webhook_event_types) OR e.type = 'webhook.test')`;

/**
 * The partner's events created at or after `since` that its endpoint subscribes to (what the relay would have
 * delivered), oldest first, about `limit` of them (bulk redelivery), and where the next call starts. Calls pass
 * times in milliseconds while rows hold microseconds, so a batch ends on a millisecond boundary: every event before
 * `nextSince` is in it, none from `nextSince` on, and calls going on from `nextSince` never skip or repeat one. A
 * batch is shorter than `limit` when its last millisecond continues past it, and longer in the one case where a
 * single millisecond (one transaction's events) holds more than `limit`: it is taken whole.
 */
export async function partnerEventsSince(
  db: Queryable,
  partnerId: string,
  since: Date,
  limit: number,
): Promise<{ eventIds: string[]; nextSince: Date | null; remaining: number }> {
  const events = (until = '') => `FROM outbox_events e JOIN partners p ON p.id = e.partner_id
     WHERE e.partner_id = $1 AND e.created_at >= $2 ${until} AND ${SUBSCRIBED}`;
  const { rows } = await db.query<{ eventId: string; createdAt: Date }>(
    `SELECT e.event_id AS "eventId", e.created_at AS "createdAt" ${events()} ORDER BY e.created_at, e.id LIMIT $3`,
    [partnerId, since, limit + 1],
  );
  if (rows.length <= limit)
    return { eventIds: rows.map((row) => row.eventId), nextSince: null, remaining: 0 };
  // Dates carry milliseconds: the first event left out starts its millisecond, which goes to the next call whole.
  const boundary = rows[limit]!.createdAt.getTime();
  const cut = new Date(rows[0]!.createdAt.getTime() === boundary ? boundary + 1 : boundary);
  const { rows: batch } = await db.query<{ eventId: string }>(
    `SELECT e.event_id AS "eventId" ${events('AND e.created_at < $3')} ORDER BY e.created_at, e.id`,
    [partnerId, since, cut],
  );
  const { rows: left } = await db.query<{ count: number }>(`SELECT count(*)::int AS count ${events()}`, [
    partnerId,
    cut,
  ]);
  const remaining = left[0]?.count ?? 0;
  return { eventIds: batch.map((row) => row.eventId), nextSince: remaining > 0 ? cut : null, remaining };
}
