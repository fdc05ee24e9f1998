import type { WebhookEventType } from '@yv/schemas';

/** The webhook body: what the worker signs and sends (the queue's jobs are @yv/queue's). */

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
