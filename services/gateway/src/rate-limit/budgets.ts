import type { Logger } from 'pino';
import { findPartnerRateLimit, type Pool } from '@yv/db';

/**
 * A partner's requests per minute: its own limit (`pnpm admin limits set`) or the default, read from Postgres at
 * most once per `cacheMs` per partner, so the limit costs no query per request and a change applies within
 * `cacheMs` on every replica. A failed read uses the default rather than failing the request.
 */
export function partnerBudgets(opts: {
  pool: Pool;
  defaultPerMinute: number;
  cacheMs: number;
  log: Logger;
}): (partnerId: string) => Promise<number> {
  const cached = new Map<string, { perMinute: number; until: number }>();
  return async (partnerId) => {
    const hit = cached.get(partnerId);
    if (hit && hit.until > Date.now()) return hit.perMinute;
    let perMinute = opts.defaultPerMinute;
    try {
      perMinute = (await findPartnerRateLimit(opts.pool, partnerId)) ?? opts.defaultPerMinute;
    } catch (error) {
      opts.log.warn({ err: error, partnerId }, 'partner rate limit unreadable: the default applies');
    }
    cached.set(partnerId, { perMinute, until: Date.now() + opts.cacheMs });
    return perMinute;
  };
}
