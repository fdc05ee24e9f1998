import { ref } from './ref';

/** Webhook payloads delivered to partners, and the result of the cron retry endpoint. */

/** The event catalogue: what an endpoint may subscribe to (`eventTypes` of the partner's webhook endpoint). */
export const WEBHOOK_EVENT_TYPES = ['action.updated', 'redeem.updated', 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const count = (what: string) => ({ type: 'integer', minimum: 0, description: what }) as const;

export const WebhookRetryResult = {
  type: 'object',
  description:
    'Result of POST /api/cron/webhooks: one pass over the deliveries the retry schedule cannot reach (failed ones with attempts left, pending ones whose job was lost).',
  required: ['checked', 'sent', 'failed', 'maxAttempts'],
  additionalProperties: false,
  properties: {
    checked: count('Deliveries looked at: sent + failed.'),
    sent: count('Deliveries re-enqueued for another attempt.'),
    failed: count('Failed deliveries that used every attempt of the schedule.'),
    maxAttempts: {
      type: 'integer',
      minimum: 1,
      description: "Attempts a delivery gets in total before it is given up: the retry schedule's length.",
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

export const WebhookTestData = {
  type: 'object',
  description: 'The data of a `webhook.test` event: it changes nothing and needs no action.',
  required: ['partnerId', 'message'],
  additionalProperties: false,
  properties: {
    partnerId: { type: 'string', format: 'uuid', description: 'The partner that asked for the test.' },
    message: { type: 'string' },
  },
} as const;

export const WebhookTestEvent = event(
  'webhook.test',
  'WebhookTestData',
  "A test event the partner asked for with POST /api/v1/partner/webhook-endpoint/test, sent whatever `eventTypes` the endpoint subscribes to; `sequence` counts the partner's test events.",
);

export const WebhookEvent = {
  description:
    'Body of a webhook delivery (Standard Webhooks: headers `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` with the partner `whsec_` secret). Webhooks are hints: keep polling actions and redemptions. Deliveries may repeat; deduplicate on `webhook-id`.',
  oneOf: [ref('ActionUpdatedEvent'), ref('RedeemUpdatedEvent'), ref('WebhookTestEvent')],
} as const;

export const webhookSchemas = {
  WebhookRetryResult,
  ActionUpdatedEvent,
  RedeemUpdatedEvent,
  WebhookTestData,
  WebhookTestEvent,
  WebhookEvent,
} as const;
