import { oneByLookup } from '../lookups';
import type { Queryable } from '../queryable';

export interface NewPartnerApiKey {
  id: string;
  partnerId: string;
  /** Public lookup handle embedded in the key. */
  prefix: string;
  /** SHA-256 of the whole key (32 bytes). */
  keyHash: Buffer;
}

/** The row that authenticates a request: a key that is neither revoked nor expired, of an enabled partner. */
export interface ActivePartnerApiKey {
  keyId: string;
  partnerId: string;
  keyHash: Buffer;
}

/** @returns when the key was created (the database's clock, the one expiries are compared with). */
export async function insertPartnerApiKey(db: Queryable, key: NewPartnerApiKey): Promise<Date> {
  const { rows } = await db.query<{ createdAt: Date }>(
    `INSERT INTO partner_api_keys (id, partner_id, prefix, key_hash) VALUES ($1, $2, $3, $4)
     RETURNING created_at AS "createdAt"`,
    [key.id, key.partnerId, key.prefix, key.keyHash],
  );
  return (rows[0] as { createdAt: Date }).createdAt;
}

export async function findActivePartnerApiKey(
  db: Queryable,
  prefix: string,
): Promise<ActivePartnerApiKey | null> {
  return (await findActivePartnerApiKeys(db, [prefix]))[0]!;
}

/**
 * The active key of each prefix (null when none: unknown, revoked, expired, or its partner disabled), in the
 * prefixes' order, in one query: the gateway looks up the keys of the requests that arrive together at once.
 * Prepared (named): it runs for every partner request.
 */
export async function findActivePartnerApiKeys(
  db: Queryable,
  prefixes: readonly string[],
): Promise<(ActivePartnerApiKey | null)[]> {
  const { rows } = await db.query<ActivePartnerApiKey & { lookup: string }>({
    name: 'partner-api-keys-active',
    text: `SELECT r.lookup, k.id AS "keyId", k.partner_id AS "partnerId", k.key_hash AS "keyHash"
       FROM unnest($1::text[]) WITH ORDINALITY AS r(prefix, lookup)
       JOIN partner_api_keys k ON k.prefix = r.prefix
       JOIN partners p ON p.id = k.partner_id
      WHERE k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()) AND p.disabled_at IS NULL`,
    values: [prefixes],
  });
  return oneByLookup(prefixes.length, rows);
}

/**
 * Rotation: every key of the partner still valid after `expiresAt` now ends at `expiresAt` (never later than it
 * already would). Call before inserting the new key, in one transaction.
 * @returns how many keys got the new end.
 */
export async function expirePartnerApiKeys(
  db: Queryable,
  partnerId: string,
  expiresAt: Date,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE partner_api_keys SET expires_at = $2
      WHERE partner_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
    [partnerId, expiresAt],
  );
  return rowCount ?? 0;
}

/** A key as its partner may see it: never the key or its hash. */
export interface PartnerApiKeyInfo {
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Neither revoked nor expired: the rule findActivePartnerApiKey applies. */
  active: boolean;
}

/** Every key the partner ever had, newest first (a handful: one per rotation). */
export async function listPartnerApiKeys(db: Queryable, partnerId: string): Promise<PartnerApiKeyInfo[]> {
  const { rows } = await db.query<PartnerApiKeyInfo>(
    `SELECT prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", expires_at AS "expiresAt",
            revoked_at AS "revokedAt",
            (revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())) AS active
       FROM partner_api_keys WHERE partner_id = $1 ORDER BY created_at DESC, prefix`,
    [partnerId],
  );
  return rows;
}

/** Records that the keys authenticated a request at `usedAt`; never moves a key's last use back. */
export async function touchPartnerApiKeys(
  db: Queryable,
  keyIds: readonly string[],
  usedAt: Date,
): Promise<void> {
  await db.query(
    `UPDATE partner_api_keys SET last_used_at = $2
      WHERE id = ANY($1::uuid[]) AND (last_used_at IS NULL OR last_used_at < $2)`,
    [keyIds, usedAt],
  );
}

/** @returns false when the partner has no unrevoked key with that prefix. */
export async function revokePartnerApiKey(
  db: Queryable,
  partnerId: string,
  prefix: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE partner_api_keys SET revoked_at = now() WHERE partner_id = $1 AND prefix = $2 AND revoked_at IS NULL`,
    [partnerId, prefix],
  );
  return rowCount === 1;
}
