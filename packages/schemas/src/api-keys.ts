import { DateTime, orNull, successEnvelope } from './common';
import { ref } from './ref';

/** Partner API keys as the partner manages them: rotate (the new key shown once), list (never a key or hash). */

/** Longest grace a partner may give its old keys itself; operators can give up to 90 days with `pnpm admin`. */
export const MAX_PARTNER_GRACE_HOURS = 168;
export const DEFAULT_PARTNER_GRACE_HOURS = 24;

const KeyPrefix = {
  type: 'string',
  pattern: '^[0-9a-f]{12}$',
  description:
    'The public part of a key (`yv_live_<prefix>_...`): how a key is named in lists, logs and support.',
} as const;

export const ApiKeyRotateRequest = {
  type: 'object',
  description: `Body of POST /api/v1/partner/api-keys/rotate (may be empty). \`graceHours\`: how long the partner's current keys, the calling one included, keep working (0 ends them at once).`,
  additionalProperties: false,
  properties: {
    graceHours: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_PARTNER_GRACE_HOURS,
      default: DEFAULT_PARTNER_GRACE_HOURS,
    },
  },
} as const;

export const ApiKeyCreated = {
  type: 'object',
  description:
    'A new key, shown this once: only its SHA-256 is stored. `previousKeysExpireAt` is when the keys the partner had before stop working.',
  required: ['apiKey', 'prefix', 'createdAt', 'previousKeysExpireAt'],
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string', pattern: '^yv_live_[0-9a-f]{12}_[0-9a-f]{64}$' },
    prefix: KeyPrefix,
    createdAt: ref('DateTime'),
    previousKeysExpireAt: ref('DateTime'),
  },
} as const;

export const ApiKeyInfo = {
  type: 'object',
  description:
    'One key of the partner, without the key. `lastUsedAt` is accurate to about a minute; `expiresAt` is set by a rotation, `revokedAt` by an operator. A key works while neither has passed.',
  required: ['prefix', 'createdAt', 'lastUsedAt', 'expiresAt', 'revokedAt', 'active'],
  additionalProperties: false,
  properties: {
    prefix: KeyPrefix,
    createdAt: ref('DateTime'),
    lastUsedAt: orNull(DateTime),
    expiresAt: orNull(DateTime),
    revokedAt: orNull(DateTime),
    active: { type: 'boolean', description: 'Whether the key authenticates requests now.' },
  },
} as const;

export const apiKeySchemas = {
  ApiKeyRotateRequest,
  ApiKeyCreated,
  ApiKeyInfo,
  ApiKeyCreatedResponse: successEnvelope(
    ref('ApiKeyCreated'),
    'Response of POST /api/v1/partner/api-keys/rotate.',
  ),
  ApiKeyListResponse: successEnvelope(
    { type: 'array', items: ref('ApiKeyInfo') },
    'Response of GET /api/v1/partner/api-keys: every key of the partner, newest first.',
  ),
} as const;
