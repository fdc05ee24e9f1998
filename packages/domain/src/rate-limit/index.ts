/**
 * Rate-limit rules: how a per-minute budget becomes a window's quota, and how the state of a bucket is told to the
 * client. Headers follow draft-ietf-httpapi-ratelimit-headers-09 (structured fields): `RateLimit-Policy:
 * "partner";q=600;w=60` and `RateLimit: "partner";r=599;t=37`, with `Retry-After` on a refusal.
 */

/** `refused-key`: refused partner keys per client address (only refusals count). */
export type RateLimitPolicyName = 'partner' | 'public' | 'refused-key';

export interface RateLimitState {
  policy: RateLimitPolicyName;
  /** Requests allowed per window. */
  quota: number;
  windowSeconds: number;
  /** Requests left in the current window, never negative. */
  remaining: number;
  /** Milliseconds until the current window ends and the quota is whole again. */
  resetMs: number;
}

/**
 * Requests of one window for a budget given per minute: windows shorter than a minute get their share, rounded up
 * so a small budget never becomes 0 (which means unlimited).
 */
export function windowQuota(perMinute: number, windowSeconds: number): number {
  if (perMinute <= 0) return 0;
  return Math.max(1, Math.ceil((perMinute * windowSeconds) / 60));
}

/** Whole seconds, rounded up: a client that waits that long finds the window reset, never a second early. */
export function resetSeconds(resetMs: number): number {
  return Math.max(1, Math.ceil(resetMs / 1000));
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const name = `"${state.policy}"`;
  return {
    'RateLimit-Policy': `${name};q=${state.quota};w=${state.windowSeconds}`,
    RateLimit: `${name};r=${Math.max(0, state.remaining)};t=${resetSeconds(state.resetMs)}`,
  };
}

const SUBJECT: Record<RateLimitPolicyName, string> = {
  partner: 'for this partner',
  public: 'for this client address',
  'refused-key': 'with a refused API key from this client address',
};

/** The refusal's message names the limit, so a partner can tell which budget to ask for. */
export function rateLimitMessage(state: Pick<RateLimitState, 'policy' | 'quota' | 'windowSeconds'>): string {
  const per = state.windowSeconds === 60 ? 'per minute' : `per ${state.windowSeconds} s`;
  return `rate limit of ${state.quota} requests ${per} ${SUBJECT[state.policy]} exceeded; retry after the Retry-After header's seconds`;
}

/**
 * How many requests of a window a gateway replica takes from Redis at once and then serves from memory: a twentieth
 * of the quota, so a busy client costs one Redis round trip per twentieth of its budget instead of one per request,
 * while several replicas can hold at most a twentieth each that another could have served. A quota under 20 is
 * taken one request at a time, exactly.
 */
export function leaseSize(quota: number): number {
  return Math.max(1, Math.floor(quota / 20));
}
