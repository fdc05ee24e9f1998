import { UPDATED_AT } from './fixtures';

/** The partner's webhook endpoint: its setting, a secret rotation (the new secret shown once), a test event. */

const NEW_SECRET = 'whsec_Q2hhbmdlIG1lOiBhIDMyLWJ5dGUgc2VjcmV0IGtleS4=';
const OLD_SECRET_PREFIX = 'whsec_9pYx1rTe';
const ROTATED_AT = '2025-06-02T09:00:00.000Z';
const OVERLAP_ENDS = '2025-06-03T09:00:00.000Z';

export const webhookEndpointRequestExample = {
  url: 'https://partner.example/hooks/yield-vault',
  enabled: true,
  eventTypes: ['action.updated', 'redeem.updated'],
};

export const webhookEndpointExample = {
  ...webhookEndpointRequestExample,
  disabledAt: null,
  disabledReason: null,
  secrets: [{ prefix: OLD_SECRET_PREFIX, createdAt: UPDATED_AT, expiresAt: null }],
};

/** During a rotation's overlap: the new secret first, the old one until it expires. */
export const rotatingWebhookEndpointExample = {
  ...webhookEndpointExample,
  secrets: [
    { prefix: NEW_SECRET.slice(0, 14), createdAt: ROTATED_AT, expiresAt: null },
    { prefix: OLD_SECRET_PREFIX, createdAt: UPDATED_AT, expiresAt: OVERLAP_ENDS },
  ],
};

/** Disabled by the service after the receiver answered 410 Gone. */
export const goneWebhookEndpointExample = {
  ...webhookEndpointExample,
  enabled: false,
  disabledAt: ROTATED_AT,
  disabledReason: 'the receiver answered 410 Gone',
};

export const unsetWebhookEndpointExample = {
  url: null,
  enabled: true,
  eventTypes: ['action.updated', 'redeem.updated', 'webhook.test'],
  disabledAt: null,
  disabledReason: null,
  secrets: [{ prefix: OLD_SECRET_PREFIX, createdAt: UPDATED_AT, expiresAt: null }],
};

export const webhookSecretRotateRequestExample = { overlapSeconds: 86_400 };

export const webhookSecretCreatedExample = {
  secret: NEW_SECRET,
  prefix: NEW_SECRET.slice(0, 14),
  previousSecretsExpireAt: OVERLAP_ENDS,
};

export const webhookTestSentExample = { id: '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e' };
