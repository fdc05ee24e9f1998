import { duration, int, string } from '@yv/config';

/**
 * Environment of the rate limits, spread into the gateway's spec. Budgets are per minute; the window they are
 * counted in is RATE_LIMIT_WINDOW (a minute in production; tests shorten it so a refusal clears in a second).
 */
export const rateLimitSpec = {
  /** Requests per minute of one partner on `/api/v1/partner/**` unless `pnpm admin limits set` gave it its own; 0: unlimited. */
  RATE_LIMIT_PARTNER_PER_MINUTE: int({ default: 600, min: 0, max: 1_000_000 }),
  /** Requests per minute of one client address on the other `/api/v1` routes (reads, builders); 0: unlimited. */
  RATE_LIMIT_PUBLIC_PER_MINUTE: int({ default: 120, min: 0, max: 1_000_000 }),
  /**
   * Requests with a refused partner key per minute of one client address; past it, its Bearer requests are answered
   * 429 before any key lookup until the window resets. 0: unlimited.
   */
  RATE_LIMIT_REFUSED_KEYS_PER_MINUTE: int({ default: 30, min: 0, max: 1_000_000 }),
  /** The counting window, whole seconds; a budget is spread over it pro rata (300/min in 1 s windows: 5 each). */
  RATE_LIMIT_WINDOW: duration({ default: 60_000, minMs: 1_000, maxMs: 3_600_000 }),
  /** Longest a request waits on Redis for its budget; past it, or with Redis down, the request goes on (fail open). */
  RATE_LIMIT_REDIS_TIMEOUT_MS: duration({ default: 50, minMs: 5, maxMs: 1_000 }),
  /** How long a partner's own limit, set by `pnpm admin limits`, is reused before it is read again. */
  RATE_LIMIT_OVERRIDE_CACHE_MS: duration({ default: 30_000, minMs: 0, maxMs: 600_000 }),
  /**
   * Express `trust proxy`: which hops' X-Forwarded-For names the client, as a hop count (`1`) or a comma-separated
   * list of addresses, CIDRs or `loopback`/`uniquelocal`. Unset: none, the TCP peer is the client.
   */
  TRUST_PROXY: string({ optional: true }),
};

/** Express's `trust proxy` value: a hop count stays a number (a string `"1"` would be read as an address). */
export function trustProxySetting(raw: string | undefined): number | string[] | false {
  if (raw === undefined) return false;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
