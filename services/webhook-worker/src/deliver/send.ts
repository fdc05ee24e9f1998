/** One HTTP attempt: POST the signed body, bounded by a timeout, never following redirects. */
import type { SignedHeaders, WebhookUrlPolicy } from '@yv/domain';
import { errors, type Dispatcher } from 'undici';
import { AttemptTimeoutError, deliveryAgent, post } from './exchange';
import { guardedLookup, RefusedAddressError, urlRefusal } from './guard';

const FIXED_HEADERS = { 'content-type': 'application/json', 'user-agent': 'yv-webhooks/1' };

export interface AttemptAnswer {
  /** Null when no HTTP answer came in time (timeout, refused or reset connection, bad URL). */
  statusCode: number | null;
  retryAfter: string | null;
  durationMs: number;
  /** Why the attempt failed, for webhook_attempts.error; null on 2xx. */
  error: string | null;
}

/**
 * One agent per policy (there are two) and attempt timeout (one per worker), each resolving names through the
 * policy's guarded lookup.
 */
const agents = new Map<string, Dispatcher>();

function agentFor(policy: WebhookUrlPolicy, timeoutMs: number): Dispatcher {
  const key = `${policy.allowPrivate ? 1 : 0}${timeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = deliveryAgent({ lookup: guardedLookup(policy), connectTimeoutMs: timeoutMs });
    agents.set(key, agent);
  }
  return agent;
}

/** Where a URL's requests go, or why none may: what can be known of a URL without DNS. */
type Target = { refused: string } | { refused: null; origin: string; path: string };

/**
 * Targets by policy and URL. The check and the parse are pure functions of the two, and every delivery of a partner
 * repeats them on the same URL; a URL changed since (`pnpm admin webhook set`) is another key, checked anew. The
 * names a target holds are still resolved and checked by the agent's guarded lookup on every connection.
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
  return { refused: null, origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
}

/** Answers that are not HTTP/1.x a connection could go on after: one code for them all, as a partner reads it. */
const MALFORMED = [
  errors.HTTPParserError,
  errors.ResponseContentLengthMismatchError,
  errors.HeadersOverflowError,
];

/** The error's code, never its message: messages name the addresses a connection was made to. */
function causeOf(error: unknown): string {
  if (MALFORMED.some((kind) => error instanceof kind)) return 'request failed: EMALFORMED';
  const { code, name } = error as { code?: unknown; name?: unknown };
  return `request failed: ${typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown'}`;
}

/**
 * @param agent For tests: the agent to send through (one trusting a test CA, or with a lookup of its own); by default
 *   the policy's.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: SignedHeaders,
  timeoutMs: number,
  policy: WebhookUrlPolicy,
  agent: Dispatcher = agentFor(policy, timeoutMs),
): Promise<AttemptAnswer> {
  const target = targetOf(url, policy);
  if (target.refused !== null)
    return { statusCode: null, retryAfter: null, durationMs: 0, error: target.refused };
  const started = performance.now();
  try {
    // No redirect is followed (a dispatch never does): a redirect is an answer of its own, a failed attempt, so a
    // signed body is never re-sent elsewhere.
    const { statusCode, retryAfter } = await post(
      agent,
      target.origin,
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
