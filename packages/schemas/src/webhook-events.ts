import { DateTime, orNull, successEnvelope } from './common';
import { ref } from './ref';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

/** The partner's webhook event log: its events, their deliveries and attempts, and redelivery. */

export const PartnerEvent = {
  type: 'object',
  description:
    "One event sent (or to be sent) to the partner: `id` is the `webhook-id` of its deliveries, `type`, `sequence` and `data` the webhook body's (the body's `timestamp` is `createdAt`).",
  required: ['id', 'type', 'createdAt', 'sequence', 'data'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', enum: WEBHOOK_EVENT_TYPES },
    createdAt: ref('DateTime'),
    sequence: { type: 'integer', minimum: 1 },
    data: {
      type: 'object',
      description: 'The resource after the change, as the webhook of that type carries it (see `webhooks`).',
    },
  },
} as const;

export const WebhookAttempt = {
  type: 'object',
  description:
    'One HTTP attempt of a delivery. `statusCode` is null when no answer came (timeout, refused connection); `error` is null for a 2xx.',
  required: ['attempt', 'at', 'statusCode', 'durationMs', 'error'],
  additionalProperties: false,
  properties: {
    attempt: { type: 'integer', minimum: 1, description: 'Numbered from 1 across redeliveries.' },
    at: ref('DateTime'),
    statusCode: { type: ['integer', 'null'] },
    durationMs: { type: 'integer', minimum: 0 },
    error: { type: ['string', 'null'] },
  },
} as const;

export const WebhookDelivery = {
  type: 'object',
  description:
    'The delivery of one event to the partner endpoint. `status`: pending (waiting for its next attempt, at `nextAttemptAt`), delivering (an attempt in flight), delivered, failed (the retry schedule is used up), disabled (the endpoint is disabled).',
  required: ['id', 'url', 'status', 'attemptCount', 'nextAttemptAt', 'deliveredAt', 'createdAt', 'attempts'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    url: { type: 'string', description: 'The URL of the latest attempt.' },
    status: { type: 'string', enum: ['pending', 'delivering', 'delivered', 'failed', 'disabled'] },
    attemptCount: { type: 'integer', minimum: 0 },
    nextAttemptAt: orNull(DateTime, 'When the next attempt is due; null unless pending.'),
    deliveredAt: orNull(DateTime),
    createdAt: ref('DateTime'),
    attempts: { type: 'array', items: ref('WebhookAttempt') },
  },
} as const;

export const PartnerEventDetail = {
  type: 'object',
  description: 'An event with its deliveries and every attempt of each.',
  required: [...PartnerEvent.required, 'deliveries'],
  additionalProperties: false,
  properties: {
    ...PartnerEvent.properties,
    deliveries: { type: 'array', items: ref('WebhookDelivery') },
  },
} as const;

export const EventRedeliverRequest = {
  type: 'object',
  description:
    'Body of POST /api/v1/partner/events/redeliver: every event created at or after `since` (at most the event retention back) is delivered again.',
  required: ['since'],
  additionalProperties: false,
  properties: { since: ref('DateTime') },
} as const;

export const EventRedeliverResult = {
  type: 'object',
  description:
    'One bulk redelivery call. `redelivered` events were made due again, paced (a few per second); `skipped` ones were already pending or in flight. When `nextSince` is not null, more events are left (`remaining`): call again with `since` = `nextSince`.',
  required: ['redelivered', 'skipped', 'nextSince', 'remaining'],
  additionalProperties: false,
  properties: {
    redelivered: { type: 'integer', minimum: 0 },
    skipped: { type: 'integer', minimum: 0 },
    nextSince: orNull(DateTime),
    remaining: { type: 'integer', minimum: 0 },
  },
} as const;

export const webhookEventSchemas = {
  PartnerEvent,
  PartnerEventDetail,
  WebhookAttempt,
  WebhookDelivery,
  EventRedeliverRequest,
  EventRedeliverResult,
  PartnerEventListResponse: successEnvelope(
    { type: 'array', items: ref('PartnerEvent') },
    'Response of GET /api/v1/partner/events (paged, newest first).',
    'PageMeta',
  ),
  PartnerEventResponse: successEnvelope(
    ref('PartnerEventDetail'),
    'Response of GET /api/v1/partner/events/{id}.',
  ),
  WebhookDeliveryResponse: successEnvelope(
    ref('WebhookDelivery'),
    'Response of POST /api/v1/partner/events/{id}/redeliver.',
  ),
  EventRedeliverResultResponse: successEnvelope(
    ref('EventRedeliverResult'),
    'Response of POST /api/v1/partner/events/redeliver.',
  ),
} as const;
