import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the HMAC-SHA256 of `{id}.{timestamp}.{body}`,
 * keyed with the base64 part of the `whsec_` secret decoded, sent as `v1,<base64>`. During a secret rotation every
 * active secret signs and the signatures are space-separated, so receivers holding either secret verify.
 */

const SECRET_PREFIX = 'whsec_';

export interface SignedHeaders {
  'webhook-id': string;
  /** Seconds since the epoch of this attempt; receivers reject ones far from their clock. */
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  if (key.length < 16) throw new Error('a webhook secret carries at least 16 bytes of key');
  return key;
}

/**
 * Secrets as HMAC keys, decoded and checked once: a delivery signs with the same few secrets thousands of times. A
 * rotated-out secret stays until the map is cleared at its bound, which only costs a decode again.
 */
const keys = new Map<string, KeyObject>();
const MAX_KEYS = 1_000;

function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = createSecretKey(webhookSecretKey(secret));
    keys.set(secret, key);
  }
  return key;
}

export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', hmacKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt; `secrets` are the partner's active ones, at least one. */
export function signWebhook(input: {
  id: string;
  timestampSeconds: number;
  body: string;
  secrets: readonly string[];
}): SignedHeaders {
  if (input.secrets.length === 0) throw new Error('signWebhook needs at least one secret');
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestampSeconds),
    'webhook-signature': input.secrets
      .map((secret) => webhookSignature(secret, input.id, input.timestampSeconds, input.body))
      .join(' '),
  };
}
