import { listPartnerApiKeys, type Pool } from '@yv/db';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The partner's keys as the API shows them (ApiKeyInfo): never a key or its hash, only its prefix. */
export async function listApiKeys(pool: Pool, partnerId: string) {
  const keys = await listPartnerApiKeys(pool, partnerId);
  return keys.map((key) => ({
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: iso(key.lastUsedAt),
    expiresAt: iso(key.expiresAt),
    revokedAt: iso(key.revokedAt),
    active: key.active,
  }));
}
