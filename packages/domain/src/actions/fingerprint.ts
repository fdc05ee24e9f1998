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

export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 160;
