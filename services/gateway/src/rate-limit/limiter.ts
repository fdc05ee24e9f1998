import Redis from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { windowQuota, type RateLimitPolicyName, type RateLimitState } from '@yv/domain';
import { REDIS_RECONNECT_MAX_MS } from '@yv/runtime';
import { createLeases, type WindowTake } from './leases';
import type { RateLimitMetrics } from './metrics';

/**
 * Request budgets counted in Redis, so every gateway replica draws on the same ones: a fixed window per key
 * (rate-limiter-flexible's RateLimiterRedis), taken in leases (leases.ts) so most requests cost no Redis call. Redis is never allowed to
 * fail a request: its own client queues nothing while disconnected, each command times out after `timeoutMs`, and any
 * failure lets the request through (counted, logged at most once per LOG_EVERY_MS).
 */
export type Take =
  | { outcome: 'allowed' | 'refused'; state: RateLimitState }
  /** No limit applies (budget 0) or Redis failed: the request goes on without headers. */
  | { outcome: 'unchecked' };

export interface Limiter {
  take(policy: RateLimitPolicyName, key: string, perMinute: number): Promise<Take>;
  close(): Promise<void>;
}

export interface LimiterOptions {
  redisUrl: string;
  /** Key prefix of this deployment (QUEUE_PREFIX), so tests and deployments sharing a Redis share no buckets. */
  prefix: string;
  windowSeconds: number;
  timeoutMs: number;
  log: Logger;
  metrics: RateLimitMetrics;
}

const LOG_EVERY_MS = 30_000;

export function createLimiter(opts: LimiterOptions): Limiter {
  const redis = new Redis(opts.redisUrl, {
    // A request must never wait for a reconnect: commands fail at once while the connection is down.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: opts.timeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_RECONNECT_MAX_MS),
    // Concurrent requests' increments leave in one write per event-loop tick instead of one each.
    enableAutoPipelining: true,
  });
  let lastLogAt = 0;
  let unlogged = 0;
  const logFailure = (error: unknown) => {
    unlogged += 1;
    if (Date.now() - lastLogAt < LOG_EVERY_MS) return;
    opts.log.warn({ err: error, failures: unlogged }, 'rate limits failing open: Redis did not answer');
    lastLogAt = Date.now();
    unlogged = 0;
  };
  redis.on('error', logFailure);

  // One limiter object per distinct quota (a partner's own limit differs from the default); all of a policy share
  // one key space, so changing a partner's limit keeps what it already used this window.
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = (policy: RateLimitPolicyName, quota: number): RateLimiterRedis => {
    const id = `${policy}:${quota}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${opts.prefix}:ratelimit:${policy}`,
        points: quota,
        duration: opts.windowSeconds,
        rejectIfRedisNotReady: true,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  /** One fixed-window take of `points`; a lease that does not fit whole is given back and one request taken. */
  const windowTake =
    (limiter: RateLimiterRedis) =>
    async (key: string, points: number): Promise<WindowTake> => {
      try {
        const res = await limiter.consume(key, points);
        return { allowed: true, taken: points, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        if (points === 1) return { allowed: false, taken: 0, remaining: 0, resetMs: error.msBeforeNext };
        await limiter.reward(key, points);
        return windowTake(limiter)(key, 1);
      }
    };
  const leases = new Map<string, ReturnType<typeof createLeases>>();
  const leasesFor = (policy: RateLimitPolicyName, quota: number) => {
    const id = `${policy}:${quota}`;
    let taker = leases.get(id);
    if (!taker) {
      taker = createLeases(windowTake(limiterFor(policy, quota)));
      leases.set(id, taker);
    }
    return taker;
  };

  return {
    async take(policy, key, perMinute) {
      const quota = windowQuota(perMinute, opts.windowSeconds);
      if (quota === 0) return { outcome: 'unchecked' };
      try {
        // Bounded by the client's commandTimeout: no timer of our own per request.
        const taken = await leasesFor(policy, quota)(key, quota);
        const state: RateLimitState = {
          policy,
          quota,
          windowSeconds: opts.windowSeconds,
          remaining: taken.remaining,
          resetMs: taken.resetMs,
        };
        return { outcome: taken.allowed ? 'allowed' : 'refused', state };
      } catch (error) {
        opts.metrics.failedOpen(policy);
        logFailure(error);
        return { outcome: 'unchecked' };
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
