export interface RetryOptions {
  /** Retries of one call after a 429 or 503, default 3. */
  retries?: number;
  /** The longest Retry-After the client waits, default 30 s; an answer asking for longer is returned as it is. */
  maxRetryWaitMs?: number;
}

/** Without a Retry-After (a 503 from a proxy), wait this long. */
const DEFAULT_WAIT_MS = 1_000;
const RETRIED_STATUSES = new Set([429, 503]);
// The creating endpoints (`POST /api/v1/partner/actions/{kind}`); `…/{id}/submit` is idempotent per hash instead.
const CREATE_ACTION = /\/api\/v1\/partner\/actions\/[^/]+$/;
const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** Retry-After in milliseconds: delta seconds or an HTTP date (RFC 9110 allows both). */
function retryAfterMs(response: Response): number {
  const value = response.headers.get('retry-after');
  if (value === null) return DEFAULT_WAIT_MS;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_WAIT_MS : Math.max(0, date - Date.now());
}

/**
 * A fetch that gives each partner-action create an Idempotency-Key when the caller gave none, and retries 429 and
 * 503 after Retry-After. The key is set before the first attempt, so every retry of the call carries the same key
 * and the gateway creates the action at most once, even when an attempt it answered was lost on the way back.
 */
export function retryingFetch(
  fetchImpl: typeof fetch,
  { retries = 3, maxRetryWaitMs = 30_000 }: RetryOptions = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (
      request.method === 'POST' &&
      CREATE_ACTION.test(new URL(request.url).pathname) &&
      !request.headers.has(IDEMPOTENCY_KEY)
    ) {
      request.headers.set(IDEMPOTENCY_KEY, globalThis.crypto.randomUUID());
    }
    for (let attempt = 0; ; attempt++) {
      // A clone per attempt: a body can be read once, and the original must stay whole for the next one.
      const response = await fetchImpl(request.clone());
      if (!RETRIED_STATUSES.has(response.status) || attempt >= retries) return response;
      const waitMs = retryAfterMs(response);
      if (waitMs > maxRetryWaitMs) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  };
}
