/**
 * Which requests are rate limited, and under which policy: read by the gateway (on the request path) and by the
 * OpenAPI document (on path templates), so the two cannot disagree. Partner routes are limited per partner, every
 * other `/api/v1` route per client address, except what monitoring and tooling poll: the health read and the
 * OpenAPI document. Probes, /docs, /metrics and the cron route are outside `/api/v1` and never limited.
 * A public route called with a Bearer partner key spends that partner's budget instead, so a partner's server
 * polling for all its users is not held to one client address's budget.
 */
export type RateLimitPolicy = 'partner' | 'public';

export const PARTNER_PATH_PREFIX = '/api/v1/partner/';
export const RATE_LIMIT_EXEMPT_PATHS: readonly string[] = ['/api/v1/health', '/api/v1/openapi.json'];

export function rateLimitPolicyOf(path: string, bearer = false): RateLimitPolicy | null {
  if (path.startsWith(PARTNER_PATH_PREFIX)) return 'partner';
  if (!path.startsWith('/api/v1/') || RATE_LIMIT_EXEMPT_PATHS.includes(path)) return null;
  return bearer ? 'partner' : 'public';
}
