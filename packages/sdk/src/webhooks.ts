import type { webhooks } from './generated/openapi';

/**
 * Verification of the webhooks the API sends (Standard Webhooks: `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` = space-separated `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{raw body}">`, keyed with the
 * base64 part of a `whsec_` secret). Web Crypto only (`globalThis.crypto.subtle`: Node 20, browsers, edge runtimes),
 * so the SDK needs no dependency for it.
 */

/** The body of any webhook the API sends, one member per event type of the OpenAPI document's `webhooks`. */
export type WebhookEvent = {
  [T in keyof webhooks]: webhooks[T]['post']['requestBody']['content']['application/json'];
}[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];

export type WebhookVerificationReason =
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or empty. */
  | 'missing_header'
  /** `webhook-timestamp` is not whole seconds since the epoch. */
  | 'invalid_timestamp'
  /** No `v1` signature of the header matches any of the secrets: a forged, altered or foreign message. */
  | 'no_matching_signature'
  /** Authentic, but signed longer ago than the tolerance: a replay, or a receiver clock that is off. */
  | 'timestamp_too_old'
  /** Authentic, but signed further in the future than the tolerance: the receiver's clock is off. */
  | 'timestamp_too_new'
  /** Authentic, but the body is not a JSON event. */
  | 'invalid_body';

/** A message that must not be acted on; answer it with a non-2xx status (it is then retried). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyWebhookOptions {
  /**
   * The partner's `whsec_` secrets, at least one. During a rotation pass the old and the new one: a message passes
   * when any signature it carries matches any of them.
   */
  secrets: readonly string[];
  /** How far `webhook-timestamp` may be from the receiver's clock, either way; default 300 (5 minutes). */
  toleranceSeconds?: number;
}

/** Request headers as Node (`req.headers`), Express, or the Fetch API (`Request.headers`) hands them over. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

const SECRET_PREFIX = 'whsec_';
/** Web Crypto's CryptoKey, named without the DOM library. */
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Checks a delivery's signature over its raw body (the bytes as received: verify before any JSON parsing, which
 * would change them) and its timestamp, and answers the parsed event. Throws WebhookVerificationError when the
 * message must not be trusted, and TypeError for a secret that is not a `whsec_` one (a configuration error).
 * Deduplicate on the `webhook-id` header: a delivery may come more than once.
 */
export async function verifyWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  options: VerifyWebhookOptions,
): Promise<WebhookEvent> {
  if (options.secrets.length === 0) throw new TypeError('verifyWebhook needs at least one secret');
  const keys = await Promise.all(options.secrets.map(importSecret));
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^[0-9]{1,15}$/.test(timestamp)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      'webhook-timestamp is not seconds since the epoch',
    );
  }
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const signed = concat(new TextEncoder().encode(`${id}.${timestamp}.`), bytes);
  if (!(await anySignatureMatches(signatures, keys, signed))) {
    throw new WebhookVerificationError('no_matching_signature', 'no webhook-signature matches a secret');
  }
  // The signature first: a timestamp reason is then only ever given for an authentic message.
  checkTimestamp(Number(timestamp), options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS);
  return parseEvent(bytes);
}

function importSecret(secret: string): Promise<HmacKey> {
  const key = secret.startsWith(SECRET_PREFIX) ? decodeBase64(secret.slice(SECRET_PREFIX.length)) : null;
  if (key === null || key.length === 0) {
    throw new TypeError(`a webhook secret is "${SECRET_PREFIX}" followed by base64`);
  }
  return crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

function header(headers: WebhookHeaders, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : headerOfRecord(headers, name);
  if (!value) throw new WebhookVerificationError('missing_header', `${name} header missing`);
  return value;
}

function headerOfRecord(headers: Exclude<WebhookHeaders, Headers>, name: string): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    // A header sent twice: Node joins most with ", ", frameworks may hand an array; the signatures are all kept.
    return typeof value === 'string' ? value : value === undefined ? null : value.join(' ');
  }
  return null;
}

/**
 * Tries every `v1` signature against every key. subtle.verify compares the MACs in constant time, so a forger
 * learns nothing from how long a refusal took; which secret matched is no secret.
 */
async function anySignatureMatches(
  header: string,
  keys: readonly HmacKey[],
  signed: Uint8Array,
): Promise<boolean> {
  for (const entry of header.trim().split(/\s+/)) {
    const [version, encoded] = entry.split(',');
    const mac = version === 'v1' && encoded !== undefined ? decodeBase64(encoded) : null;
    if (mac === null) continue;
    for (const key of keys) {
      if (await crypto.subtle.verify('HMAC', key, mac, signed)) return true;
    }
  }
  return false;
}

function checkTimestamp(seconds: number, toleranceSeconds: number): void {
  const now = Math.floor(Date.now() / 1000);
  if (now - seconds > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_old', `webhook-timestamp ${seconds} is too old`);
  }
  if (seconds - now > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_new', `webhook-timestamp ${seconds} is in the future`);
  }
}

function parseEvent(bytes: Uint8Array): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'the body is not UTF-8 JSON');
  }
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
    throw new WebhookVerificationError('invalid_body', 'the body is not an event object with a type');
  }
  return event as WebhookEvent;
}

/** Strict base64 (padding optional): null for anything else, so a malformed signature is simply no match. */
function decodeBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
