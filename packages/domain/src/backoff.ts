/** How a retried operation waits: `baseMs` before the first retry, doubling with each further one, up to `maxMs`. */
export interface BackoffPolicy {
  /** Delay before the first retry, ms; doubles with each further retry. */
  baseMs: number;
  /** Longest delay, ms. */
  maxMs: number;
  /**
   * How much of each delay is random, so that callers failing together do not retry together: `equal` (the
   * default) waits at least half of it, `full` anywhere from nothing to all of it.
   */
  jitter?: 'equal' | 'full';
}

/**
 * The one exponential backoff of every retry (RPC calls, loops, the indexer, webhook deliveries): the delay before
 * retry number `retry` (0 for the first). `random` is in [0, 1).
 */
export function backoffMs(policy: BackoffPolicy, retry: number, random: number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** retry);
  const fixed = policy.jitter === 'full' ? 0 : ceiling / 2;
  return Math.round(fixed + (ceiling - fixed) * random);
}
