import { randomUUID } from 'node:crypto';
import type { Queryable } from '../queryable';

export const OUTBOX_EVENT_TYPES = ['action.updated', 'redeem.updated', 'webhook.test'] as const;
export type OutboxEventType = (typeof OUTBOX_EVENT_TYPES)[number];

export interface NewOutboxEvent {
  type: OutboxEventType;
  /** The action id or redemption id the event is about (the partner id for `webhook.test`). */
  aggregateId: string;
  /** The partner to notify, when one owns the aggregate. */
  partnerId: string | null;
  /** The webhook's `data`: the resource as the API serves it. */
  payload: unknown;
}

export interface OutboxEventRow {
  id: string;
  eventId: string;
  type: OutboxEventType;
  aggregateId: string;
  partnerId: string | null;
  sequence: number;
  payload: unknown;
  createdAt: Date;
  /** Whether the relay made its deliveries: it is no longer in outbox_unrelayed. */
  relayed: boolean;
}

const COLUMNS = `id, event_id AS "eventId", type, aggregate_id AS "aggregateId", partner_id AS "partnerId", sequence,
  payload, created_at AS "createdAt"`;

/**
 * Appends an event with the aggregate's next sequence number, queued for the relay (outbox_unrelayed). Call in the
 * transaction that made the change, after locking the aggregate's row, so two writers never race for one number (the
 * unique constraint would refuse it).
 */
export async function insertOutboxEvent(db: Queryable, event: NewOutboxEvent): Promise<OutboxEventRow> {
  const { rows } = await db.query<OutboxEventRow>(
    `WITH event AS (
       INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload)
       SELECT $1, $2, $3, $4, COALESCE(MAX(sequence), 0) + 1, $5 FROM outbox_events WHERE type = $2 AND aggregate_id = $3
       RETURNING ${COLUMNS}
     ), queued AS (
       INSERT INTO outbox_unrelayed (outbox_id) SELECT id FROM event
     )
     SELECT *, false AS relayed FROM event`,
    [randomUUID(), event.type, event.aggregateId, event.partnerId, JSON.stringify(event.payload)],
  );
  return rows[0] as OutboxEventRow;
}

/**
 * Writes `count` events in one statement, each the first of an action of its own, queued for the relay like any
 * event: a backlog for the webhook benches and the relay's tests, without a transaction per event.
 */
export async function insertOutboxEventBurst(db: Queryable, partnerId: string, count: number): Promise<void> {
  await db.query(
    `WITH event AS (
       INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload)
       SELECT gen_random_uuid(), 'action.updated', gen_random_uuid()::text, $1, 1, jsonb_build_object('n', n)
         FROM generate_series(1, $2) AS n
       RETURNING id
     )
     INSERT INTO outbox_unrelayed (outbox_id) SELECT id FROM event`,
    [partnerId, count],
  );
}

/** Events of one aggregate in sequence order. */
export async function listOutboxEvents(
  db: Queryable,
  type: OutboxEventType,
  aggregateId: string,
): Promise<OutboxEventRow[]> {
  const { rows } = await db.query<OutboxEventRow>(
    `SELECT ${COLUMNS}, NOT EXISTS (SELECT 1 FROM outbox_unrelayed u WHERE u.outbox_id = e.id) AS relayed
       FROM outbox_events e WHERE type = $1 AND aggregate_id = $2 ORDER BY sequence`,
    [type, aggregateId],
  );
  return rows;
}
