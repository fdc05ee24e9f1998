import { ref } from './ref';

/** Webhook payloads delivered to partners, and the result of the cron retry endpoint. */

export const WEBHOOK_EVENT_TYPES = ['action.updated', 'redeem.updated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const count = (what: string) => ({ type: 'integer', minimum: 0, description: what }) as const;

export const WebhookRetryResult = {
  type: 'object',
  description:
    'Result of POST /api/cron/webhooks: one pass over failed deliveries that still have attempts left.',
  required: ['checked', 'sent', 'failed', 'maxAttempts'],
  additionalProperties: false,
  properties: {
    checked: count('Failed deliveries looked at.'),
    sent: count('Deliveries re-enqueued for another attempt.'),
    failed: count('Deliveries that could not be re-enqueued, or have now used every attempt.'),
    maxAttempts: {
      type: 'integer',
      minimum: 1,
      description: 'Attempts a delivery gets in total before it is given up.',
    },
  },
} as const;

function event<T extends WebhookEventType, D extends string>(type: T, data: D, description: string) {
  return {
    type: 'object',
    description,
    required: ['type', 'timestamp', 'sequence', 'data'],
    additionalProperties: false,
    properties: {
      type: { const: type },
      timestamp: { ...ref('DateTime'), description: 'When the change happened.' },
      sequence: {
        type: 'integer',
        minimum: 1,
        description:
          'Place of this event among the events of the same action (or redemption), from 1. Deliveries are retried and may arrive out of order: drop a message whose sequence is not above the last one you applied for that `data.id`.',
      },
      data: ref(data),
    },
  } as const;
}

export const ActionUpdatedEvent = event(
  'action.updated',
  'PartnerAction',
  'A partner action changed status; `data` is the action as GET /api/v1/partner/actions/{id} returns it.',
);

export const RedeemUpdatedEvent = event(
  'redeem.updated',
  'Redeem',
  'A redemption of one of the partner wallets changed status; `data` is the Redeem record.',
);

export const WebhookEvent = {
  description:
    'Body of a webhook delivery (Standard Webhooks: headers `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` with the partner `whsec_` secret). Webhooks are hints: keep polling actions and redemptions. Deliveries may repeat; deduplicate on `webhook-id`.',
  oneOf: [ref('ActionUpdatedEvent'), ref('RedeemUpdatedEvent')],
} as const;

export const webhookSchemas = {
  WebhookRetryResult,
  ActionUpdatedEvent,
  RedeemUpdatedEvent,
  WebhookEvent,
} as const;
