import { DateTime, orNull, successEnvelope } from './common';
import { ref } from './ref';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

/** The partner's own webhook endpoint: URL, subscription, signing secrets (never shown again), test event. */

/** Longest overlap a partner may give its old signing secrets itself; operators can give up to 90 days. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 86_400;
export const DEFAULT_SECRET_OVERLAP_SECONDS = 86_400;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

const WebhookUrl = {
  type: ['string', 'null'],
  minLength: 1,
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  description:
    'An absolute `https` (or `http`) URL without credentials; null removes the endpoint. Refused (400 BAD_REQUEST, saying why): link-local and cloud metadata addresses and names, and, unless the operator allows private URLs, loopback, private, shared, multicast and reserved addresses; a hostname is resolved and refused when any of its addresses is.',
} as const;

const EventTypes = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'string', enum: WEBHOOK_EVENT_TYPES },
  description:
    'The event types delivered to the endpoint. Other events are still recorded, but get no delivery. `webhook.test` is always delivered when asked for.',
} as const;

export const WebhookEndpointRequest = {
  type: 'object',
  description:
    'Body of PUT /api/v1/partner/webhook-endpoint: the whole setting. `url` null removes the endpoint (nothing is delivered). `enabled` (default true) false stops deliveries; true clears any disable (a 410 from the receiver included). `eventTypes` defaults to every type, including types added later.',
  required: ['url'],
  additionalProperties: false,
  properties: {
    url: WebhookUrl,
    enabled: { type: 'boolean', default: true },
    eventTypes: EventTypes,
  },
} as const;

const SecretPrefix = {
  type: 'string',
  pattern: '^whsec_[A-Za-z0-9+/]{8}$',
  description:
    'The first characters of a signing secret: how a secret is named; the rest is never shown again.',
} as const;

export const WebhookSecretInfo = {
  type: 'object',
  description: 'An active signing secret, without the secret. Every active secret signs each delivery.',
  required: ['prefix', 'createdAt', 'expiresAt'],
  additionalProperties: false,
  properties: {
    prefix: SecretPrefix,
    createdAt: ref('DateTime'),
    expiresAt: orNull(DateTime, 'When a rotation ends this secret; null while it is the newest.'),
  },
} as const;

export const WebhookEndpoint = {
  type: 'object',
  description:
    "The partner's webhook endpoint. `enabled` is false while `disabledAt` is set: by the partner, or by the service when the receiver answered 410 Gone (`disabledReason` says which).",
  required: ['url', 'enabled', 'eventTypes', 'disabledAt', 'disabledReason', 'secrets'],
  additionalProperties: false,
  properties: {
    url: { type: ['string', 'null'], description: 'The URL deliveries are sent to; null when unset.' },
    enabled: { type: 'boolean' },
    eventTypes: { ...EventTypes, description: 'The event types delivered to the endpoint.' },
    disabledAt: orNull(DateTime),
    disabledReason: { type: ['string', 'null'] },
    secrets: {
      type: 'array',
      items: ref('WebhookSecretInfo'),
      description: 'Active signing secrets, newest first.',
    },
  },
} as const;

export const WebhookSecretRotateRequest = {
  type: 'object',
  description: `Body of POST /api/v1/partner/webhook-endpoint/secret (may be empty). \`overlapSeconds\`: how long the current secrets keep signing beside the new one (0 ends them at once).`,
  additionalProperties: false,
  properties: {
    overlapSeconds: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_SECRET_OVERLAP_SECONDS,
      default: DEFAULT_SECRET_OVERLAP_SECONDS,
    },
  },
} as const;

export const WebhookSecretCreated = {
  type: 'object',
  description:
    'A new signing secret, shown this once. Until `previousSecretsExpireAt` every delivery carries one signature per active secret, so the receiver may switch at any moment.',
  required: ['secret', 'prefix', 'previousSecretsExpireAt'],
  additionalProperties: false,
  properties: {
    secret: { type: 'string', pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$' },
    prefix: SecretPrefix,
    previousSecretsExpireAt: ref('DateTime'),
  },
} as const;

export const WebhookTestSent = {
  type: 'object',
  description:
    'The recorded `webhook.test` event: `id` is the `webhook-id` header of its delivery, and its id in the event log.',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

export const webhookEndpointSchemas = {
  WebhookEndpointRequest,
  WebhookSecretInfo,
  WebhookEndpoint,
  WebhookSecretRotateRequest,
  WebhookSecretCreated,
  WebhookTestSent,
  WebhookEndpointResponse: successEnvelope(
    ref('WebhookEndpoint'),
    'Response of GET and PUT /api/v1/partner/webhook-endpoint.',
  ),
  WebhookSecretCreatedResponse: successEnvelope(
    ref('WebhookSecretCreated'),
    'Response of POST /api/v1/partner/webhook-endpoint/secret.',
  ),
  WebhookTestSentResponse: successEnvelope(
    ref('WebhookTestSent'),
    'Response of POST /api/v1/partner/webhook-endpoint/test.',
  ),
} as const;
