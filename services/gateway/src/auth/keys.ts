import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Partner API keys: `yv_live_<prefix>_<secret>`, prefix 12 hex characters (the public lookup handle, also what
 * `key revoke` names), secret 64 hex characters (256 random bits). Only SHA-256 of the whole key is stored: with
 * that much entropy a slow password hash buys nothing and would tax every request.
 */
const KEY_PATTERN = /^yv_live_([0-9a-f]{12})_[0-9a-f]{64}$/;

export interface IssuedApiKey {
  key: string;
  prefix: string;
  hash: Buffer;
}

export function issueApiKey(): IssuedApiKey {
  const prefix = randomBytes(6).toString('hex');
  const key = `yv_live_${prefix}_${randomBytes(32).toString('hex')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** @returns the key's prefix, or null when the text is not shaped like a key. */
export function apiKeyPrefix(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** Constant-time: how much of a guessed key matched never shows in the response time. */
export function apiKeyMatches(key: string, storedHash: Buffer): boolean {
  const hash = hashApiKey(key);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}

/** A webhook signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function issueWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
