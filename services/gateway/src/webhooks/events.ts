import type { Logger } from 'pino';
import {
  getPartnerEvent,
  listPartnerEvents,
  partnerEventsSince,
  redeliverPartnerEvents,
  webhookEndpointState,
  type EventDeliveryRow,
  type PartnerEventDetail,
  type PartnerEventQuery,
  type PartnerEventRow,
  type Pool,
} from '@yv/db';
import { ApiError, NotFoundError } from '@yv/domain';
import { enqueueDeliveries, openDeliveryQueue } from '@yv/queue';
import { closeWhenReady } from '../close-queue';

export interface PartnerEventServiceOptions {
  pool: Pool;
  log: Logger;
  redisUrl: string;
  /** BullMQ key prefix (QUEUE_PREFIX), the webhook worker's. */
  prefix: string;
  retentionMs: number;
  redeliverBatch: number;
  redeliverPerSecond: number;
}

/** Redis taking the jobs is a help, not a condition: the worker's sweep enqueues due pending deliveries anyway. */
const ENQUEUE_TIMEOUT_MS = 2_000;

export function eventJson(row: PartnerEventRow) {
  return {
    id: row.eventId,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    sequence: row.sequence,
    data: row.payload,
  };
}

function deliveryJson(row: EventDeliveryRow) {
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    attemptCount: row.attempts,
    // Only a pending delivery is waiting for anything.
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attempts: row.attemptRows.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    })),
  };
}

export const eventDetailJson = (row: PartnerEventDetail) => ({
  ...eventJson(row),
  deliveries: row.deliveries.map(deliveryJson),
});

export type PartnerEventJson = ReturnType<typeof eventJson>;
export type PartnerEventDeliveryJson = ReturnType<typeof deliveryJson>;

export interface BulkRedelivery {
  /** Events made due again by this call. */
  redelivered: number;
  /** Events of the range whose delivery was already pending or in flight: left as they were. */
  skipped: number;
  /** Call again with this `since` for the rest; null when this call reached the newest event. */
  nextSince: string | null;
  /** Events from `nextSince` on, not taken by this call. */
  remaining: number;
}

export interface PartnerEventService {
  list(partnerId: string, query: PartnerEventQuery): Promise<PartnerEventRow[]>;
  get(partnerId: string, eventId: string): Promise<PartnerEventDetail>;
  /** The event again to the partner's current endpoint, same webhook-id and body. @returns its delivery. */
  redeliver(partnerId: string, eventId: string): Promise<PartnerEventDeliveryJson>;
  /** Every event created at or after `since`, up to a batch, paced. */
  redeliverSince(partnerId: string, since: Date): Promise<BulkRedelivery>;
  readonly retentionMs: number;
  close(): Promise<void>;
}

const notFound = () => new NotFoundError('no such event: event ids are the webhook-id of its deliveries');

export function createPartnerEventService(options: PartnerEventServiceOptions): PartnerEventService {
  const { pool, log } = options;
  // Redis being away only delays a redelivery until the worker's sweep.
  const queue = openDeliveryQueue(options.redisUrl, options.prefix);
  const spacingMs = 1_000 / options.redeliverPerSecond;

  /**
   * The deliveries are made due in Postgres first (with their paced due times), then offered to the queue with
   * the same delays; if Redis does not take them, the worker's sweep enqueues each when it is due.
   */
  const redeliver = async (partnerId: string, eventIds: string[]) => {
    const endpoint = await webhookEndpointState(pool, partnerId);
    if (!endpoint?.url)
      throw new ApiError('BAD_REQUEST', 'the partner has no webhook URL: set one before redelivering events');
    if (endpoint.disabledAt)
      throw new ApiError(
        'BAD_REQUEST',
        'the webhook endpoint is disabled: enable it (PUT /api/v1/partner/webhook-endpoint) before redelivering events',
      );
    // One statement: every event of the call is made due, or none.
    const rows = await redeliverPartnerEvents(pool, partnerId, eventIds, spacingMs);
    const due = rows.filter((row) => row.redelivered);
    if (due.length > 0) {
      const now = Date.now();
      const deliveries = due.map((row) => ({
        id: row.id,
        attempts: row.attempts,
        delayMs: Math.max(0, row.nextAttemptAt.getTime() - now),
      }));
      await enqueueDeliveries(queue, deliveries, ENQUEUE_TIMEOUT_MS).catch((error: unknown) =>
        log.warn(
          { err: error, deliveries: due.length },
          'redelivery: Redis unavailable, the sweep enqueues them',
        ),
      );
    }
    return rows;
  };

  return {
    retentionMs: options.retentionMs,
    list: (partnerId, query) => listPartnerEvents(pool, partnerId, query),
    async get(partnerId, eventId) {
      const event = await getPartnerEvent(pool, partnerId, eventId);
      if (!event) throw notFound();
      return event;
    },
    async redeliver(partnerId, eventId) {
      if (!(await getPartnerEvent(pool, partnerId, eventId))) throw notFound();
      await redeliver(partnerId, [eventId]);
      const event = await getPartnerEvent(pool, partnerId, eventId);
      const delivery = event?.deliveries[0];
      if (!delivery) throw notFound();
      return deliveryJson(delivery);
    },
    async redeliverSince(partnerId, since) {
      const batch = await partnerEventsSince(pool, partnerId, since, options.redeliverBatch);
      const rows = await redeliver(partnerId, batch.eventIds);
      const redelivered = rows.filter((row) => row.redelivered).length;
      return {
        redelivered,
        skipped: rows.length - redelivered,
        nextSince: batch.nextSince?.toISOString() ?? null,
        remaining: batch.remaining,
      };
    },
    close: () => closeWhenReady(queue),
  };
}
