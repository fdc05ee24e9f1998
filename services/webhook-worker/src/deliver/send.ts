/** One HTTP attempt: POST the signed body, bounded by a timeout, never following redirects. */
import type { SignedHeaders, WebhookUrlPolicy } from '@yv/domain';
import { guardedLookup, RefusedAddressError, urlRefusal } from './guard';
import { AttemptTimeoutError, http1Client, type Http1Client, type Origin } from './http1/client';

const FIXED_HEADERS = { 'content-type': 'application/json', 'user-agent': 'yv-webhooks/1' };

export interface AttemptAnswer {
  /** Null when no HTTP answer came in time (timeout, refused or reset connection, bad URL). */
  statusCode: number | null;
  retryAfter: string | null;
  durationMs: number;
  /** Why the attempt failed, for webhook_attempts.error; null on 2xx. */
  error: string | null;
}

/** One client per policy (there are two), each resolving names through the policy's guarded lookup. */
const clientsByPolicy = new Map<boolean, Http1Client>();

function clientFor(policy: WebhookUrlPolicy): Http1Client {
  let client = clientsByPolicy.get(policy.allowPrivate);
  if (!client) {
    client = http1Client({ lookup: guardedLookup(policy) });
    clientsByPolicy.set(policy.allowPrivate, client);
  }
  return client;
}

/** Where a URL's requests go, or why none may: what can be known of a URL without DNS. */
type Target = { refused: string } | ({ refused: null; path: string } & Origin);

/**
 * Targets by policy and URL. The check and the parse are pure functions of the two, and every delivery of a partner
 * repeats them on the same URL; a URL changed since (`pnpm admin webhook set`) is another key, checked anew. The
 * names a target holds are still resolved and checked by the client's guarded lookup on every connection.
 */
const targets = new Map<string, Target>();
const MAX_TARGETS = 10_000;

function targetOf(url: string, policy: WebhookUrlPolicy): Target {
  const key = `${policy.allowPrivate ? 1 : 0}${url}`;
  let target = targets.get(key);
  if (!target) {
    target = parseTarget(url, policy);
    if (targets.size >= MAX_TARGETS) targets.clear();
    targets.set(key, target);
  }
  return target;
}

function parseTarget(url: string, policy: WebhookUrlPolicy): Target {
  const refused = urlRefusal(url, policy);
  if (refused) return { refused };
  const parsed = new URL(url);
  return {
    refused: null,
    https: parsed.protocol === 'https:',
    // A connection takes an IPv6 host without its brackets.
    hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? undefined : Number(parsed.port),
    path: `${parsed.pathname}${parsed.search}`,
  };
}

function causeOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return `request failed: ${code ?? message ?? String(error)}`;
}

export async function postWebhook(
  url: string,
  body: string,
  headers: SignedHeaders,
  timeoutMs: number,
  policy: WebhookUrlPolicy,
): Promise<AttemptAnswer> {
  const target = targetOf(url, policy);
  if (target.refused !== null)
    return { statusCode: null, retryAfter: null, durationMs: 0, error: target.refused };
  const started = performance.now();
  try {
    // No redirect is followed (the client never does): a redirect is an answer of its own, a failed attempt, so a
    // signed body is never re-sent elsewhere.
    const { statusCode, retryAfter } = await clientFor(policy).post(
      target,
      target.path,
      { ...FIXED_HEADERS, ...headers },
      body,
      timeoutMs,
    );
    const ok = statusCode >= 200 && statusCode < 300;
    return {
      statusCode,
      // Only a failed attempt waits for Retry-After.
      retryAfter: ok ? null : retryAfter,
      durationMs: performance.now() - started,
      error: ok ? null : `receiver answered ${statusCode}`,
    };
  } catch (error) {
    return {
      statusCode: null,
      retryAfter: null,
      durationMs: performance.now() - started,
      error:
        error instanceof AttemptTimeoutError
          ? `no answer within ${timeoutMs}ms`
          : error instanceof RefusedAddressError
            ? `refused: ${error.message}`
            : causeOf(error),
    };
  }
}
