import { UPDATED_AT } from './fixtures';

/** The partner's API keys: a rotation (the new key shown once) and the list (prefixes, never keys). */

const NEW_PREFIX = '4f1c9a7e2b6d';
const OLD_PREFIX = '0a9e3d5c7b1f';
const ROTATED_AT = '2025-06-02T09:00:00.000Z';
const GRACE_ENDS = '2025-06-03T09:00:00.000Z';

export const apiKeyRotateRequestExample = { graceHours: 24 };

export const apiKeyCreatedExample = {
  apiKey: `yv_live_${NEW_PREFIX}_${'5e'.repeat(32)}`,
  prefix: NEW_PREFIX,
  createdAt: ROTATED_AT,
  previousKeysExpireAt: GRACE_ENDS,
};

export const apiKeyListExample = [
  {
    prefix: NEW_PREFIX,
    createdAt: ROTATED_AT,
    lastUsedAt: '2025-06-02T09:14:00.000Z',
    expiresAt: null,
    revokedAt: null,
    active: true,
  },
  {
    prefix: OLD_PREFIX,
    createdAt: UPDATED_AT,
    lastUsedAt: '2025-06-02T09:02:00.000Z',
    expiresAt: GRACE_ENDS,
    revokedAt: null,
    active: true,
  },
];
