import type { WebhookEventType } from '@yv/schemas';

/** The webhook body and the queue job that carries a delivery: shared by the relay, the worker and the cron. */

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';
const DELIVER_JOB = 'deliver';

export interface WebhookMessage {
  type: WebhookEventType;
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
}

/**
 * One queue job per delivery, named by the delivery id: BullMQ ignores an add whose job id exists, so enqueuing a
 * delivery twice (relay retried, sweep, cron, redelivery) yields one job. Jobs are removed when they end, so a
 * delivery that goes back to pending later (cron retry, redelivery) can be enqueued again under the same id. An
 * abandoned delivery (its worker died mid-attempt, leaving the job active in Redis until BullMQ notices the stall)
 * gets a job named by its attempt count too (`<delivery id>.<attempts>`; BullMQ refuses a colon), so the sweep's
 * add is not ignored.
 */
export function deliveryJob(delivery: { id: string; attempts: number; abandoned?: boolean }, delayMs = 0) {
  const data: DeliveryJobData = { deliveryId: delivery.id };
  return {
    name: DELIVER_JOB,
    data,
    opts: {
      jobId: delivery.abandoned ? `${delivery.id}.${delivery.attempts}` : delivery.id,
      removeOnComplete: true,
      removeOnFail: true,
      ...(delayMs > 0 ? { delay: delayMs } : {}),
    },
  };
}
