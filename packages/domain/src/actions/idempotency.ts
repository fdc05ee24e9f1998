import { createHash } from 'node:crypto';
import { ApiError } from '../errors';

/**
 * JSON with object keys sorted at every depth, so two bodies that differ only in key order or whitespace have
 * one text. The idempotency fingerprint is a hash of it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What an idempotent request is fingerprinted over: method, path and canonical body, one per line. */
export function idempotencyFingerprintInput(method: string, path: string, body: unknown): string {
  return `${method.toUpperCase()}\n${path}\n${canonicalJson(body ?? null)}`;
}

/** The stored fingerprint: sha256 hex of the input above, over the body as received (before defaults fill it). */
export function idempotencyFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(idempotencyFingerprintInput(method, path, body))
    .digest('hex');
}

export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 160;

/** The `Idempotency-Key` header of a creating request. */
export function checkIdempotencyKey(key: string | undefined): string {
  if (key === undefined || key === '')
    throw new ApiError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'the header `Idempotency-Key` is required on creating requests',
    );
  if (key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX)
    throw new ApiError(
      'BAD_IDEMPOTENCY_KEY',
      `the header \`Idempotency-Key\` must be ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters, got ${key.length}`,
    );
  return key;
}
