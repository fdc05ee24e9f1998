/** The webhook body and the queue job that carries a delivery: shared by the relay, the worker and the cron. */

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';
const DELIVER_JOB = 'deliver';

export interface WebhookMessage {
  type: 'action.updated' | 'redeem.updated';
  /** When the change happened (the outbox row's time), the same on every attempt. */
  timestamp: string;
  /**
   * The event's place among the events of its action or redemption, from 1. A receiver that already holds a
   * higher number for that id drops the message: deliveries are retried and may arrive out of order.
   */
  sequence: number;
  /** The resource as the API serves it (PartnerAction or Redeem record). */
  data: unknown;
}

/** The exact body that is signed and sent. */
export function webhookBody(event: {
  type: WebhookMessage['type'];
  occurredAt: Date;
  sequence: number;
  payload: unknown;
}): string {
  const message: WebhookMessage = {
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    sequence: event.sequence,
    data: event.payload,
  };
  return JSON.stringify(message);
}

export interface DeliveryJobData {
  deliveryId: string;
  /** The delivery's attempts when it was enqueued: the in-queue budget counts from here. */
  fromAttempt: number;
}

/**
 * One queue job per delivery and attempt count, named `<delivery id>.<attempts>` (BullMQ refuses a colon in an
 * id): BullMQ ignores an add whose job id exists, so enqueuing a delivery twice at the same point (relay retried,
 * sweep, cron) yields one job. A worker killed mid-attempt leaves its job active in Redis, but its claim counted the
 * attempt: once the lease runs out the sweep's add is a new job, instead of one BullMQ ignores until it notices the
 * stall. Jobs are removed when they end, so a delivery that goes back to pending later can be enqueued again.
 */
export function deliveryJob(delivery: { id: string; attempts: number }, delayMs = 0) {
  const data: DeliveryJobData = { deliveryId: delivery.id, fromAttempt: delivery.attempts };
  return {
    name: DELIVER_JOB,
    data,
    opts: {
      jobId: `${delivery.id}.${delivery.attempts}`,
      removeOnComplete: true,
      removeOnFail: true,
      ...(delayMs > 0 ? { delay: delayMs } : {}),
    },
  };
}
