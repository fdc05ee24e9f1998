import type { ServiceMetrics } from '@yv/metrics';

export interface RateLimitMetrics {
  /** A refusal (429) by route template, policy and partner (`anonymous` for public routes). */
  refused(route: string, policy: string, partner: string): void;
  /** A request let through unchecked because Redis did not answer in time. */
  failedOpen(policy: string): void;
}

export function createRateLimitMetrics(metrics: ServiceMetrics): RateLimitMetrics {
  const refused = metrics.counter(
    'rate_limited_total',
    'Requests refused with 429 by route template, policy and partner id (anonymous for public routes)',
    ['route', 'policy', 'partner'],
  );
  const failOpen = metrics.counter(
    'rate_limit_fail_open_total',
    'Requests let through without a rate-limit check because Redis failed or timed out',
    ['policy'],
  );
  return {
    refused: (route, policy, partner) => refused.inc({ route, policy, partner }),
    failedOpen: (policy) => failOpen.inc({ policy }),
  };
}
