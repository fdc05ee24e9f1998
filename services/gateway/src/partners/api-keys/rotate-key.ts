import { randomUUID } from 'node:crypto';
import { expirePartnerApiKeys, insertPartnerApiKey, withTransaction, type Pool } from '@yv/db';
import { issueApiKey } from '../../auth/keys';
import { graceEnd } from '../grace';
import { requirePartner } from '../require-partner';

export interface RotatedKey {
  partnerId: string;
  /** The new key, shown this once: only its hash is stored. */
  apiKey: string;
  keyPrefix: string;
  createdAt: string;
  previousKeysExpireAt: string;
}

/**
 * A new key; the partner's current keys stay valid for `graceHours` more (0 ends them now). The operator's
 * `key rotate` and the partner's POST /api/v1/partner/api-keys/rotate.
 */
export async function rotateApiKey(
  pool: Pool,
  input: { partnerId: string; graceHours: number; now?: Date },
): Promise<RotatedKey> {
  const expiresAt = graceEnd(input.graceHours, input.now ?? new Date());
  const apiKey = issueApiKey();
  const createdAt = await withTransaction(pool, async (client) => {
    await requirePartner(client, input.partnerId);
    await expirePartnerApiKeys(client, input.partnerId, expiresAt);
    return insertPartnerApiKey(client, {
      id: randomUUID(),
      partnerId: input.partnerId,
      prefix: apiKey.prefix,
      keyHash: apiKey.hash,
    });
  });
  return {
    partnerId: input.partnerId,
    apiKey: apiKey.key,
    keyPrefix: apiKey.prefix,
    createdAt: createdAt.toISOString(),
    previousKeysExpireAt: expiresAt.toISOString(),
  };
}
