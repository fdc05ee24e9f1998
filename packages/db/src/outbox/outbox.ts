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
 * The one way events enter the outbox, as SQL to compose into a statement: the CTEs `outbox_event` and
 * `outbox_queued`, appending the rows of `source` (a relation of event_id, type, aggregate_id, partner_id, payload
 * and ord) in `ord` order, each with its aggregate's next sequence number, queued for the relay (outbox_unrelayed).
 * A statement appends at most one event per aggregate; call it after locking the aggregate's row (or creating it),
 * so two writers never race for one number (the unique constraint would refuse it). `outbox_event` returns the
 * event's columns.
 */
export function outboxAppendSql(source: string): string {
  return `outbox_event AS (
       INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload)
       SELECT s.event_id, s.type, s.aggregate_id, s.partner_id,
              COALESCE((SELECT MAX(o.sequence) FROM outbox_events o
                         WHERE o.type = s.type AND o.aggregate_id = s.aggregate_id), 0) + 1,
              s.payload
         FROM ${source} s
        ORDER BY s.ord
       RETURNING ${COLUMNS}
     ), outbox_queued AS (
       INSERT INTO outbox_unrelayed (outbox_id) SELECT id FROM outbox_event
     )`;
}

/** Appends one event (outboxAppendSql); call in the transaction that made the change, under its row lock. */
export async function insertOutboxEvent(db: Queryable, event: NewOutboxEvent): Promise<OutboxEventRow> {
  const { rows } = await db.query<OutboxEventRow>(
    `WITH source AS (
       SELECT $1::uuid AS event_id, $2::text AS type, $3::text AS aggregate_id, $4::uuid AS partner_id,
              $5::jsonb AS payload, 1 AS ord
     ), ${outboxAppendSql('source')}
     SELECT *, false AS relayed FROM outbox_event`,
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
    `WITH source AS (
       SELECT gen_random_uuid() AS event_id, 'action.updated'::text AS type, gen_random_uuid()::text AS aggregate_id,
              $1::uuid AS partner_id, jsonb_build_object('n', n) AS payload, n AS ord
         FROM generate_series(1, $2::int) AS n
     ), ${outboxAppendSql('source')}
     SELECT count(*) FROM outbox_event`,
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
