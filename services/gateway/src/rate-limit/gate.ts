import { Router, type Response } from 'express';
import { rateLimitHeaders, rateLimitMessage, resetSeconds, type RateLimitState } from '@yv/domain';
import { rateLimitPolicyOf, type PathsObject } from '@yv/schemas';
import { carriesBearer, partnerIdOf } from '../auth/partner-auth';
import { sendError } from '../http/envelope';
import type { Limiter } from './limiter';
import type { RateLimitMetrics } from './metrics';

export interface RateLimitGateDeps {
  limiter: Limiter;
  metrics: RateLimitMetrics;
  partnerPerMinute: (partnerId: string) => Promise<number>;
  publicPerMinute: number;
  /** The documented paths: a refusal is counted under its route template, never the raw path. */
  paths: PathsObject;
}

/** Path template matcher from the OpenAPI paths (`/api/v1/wallets/{address}/position`); unknown paths: `unmatched`. */
export function routeTemplates(paths: PathsObject): (path: string) => string {
  const patterns = Object.keys(paths).map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  return (path) => patterns.find(({ regex }) => regex.test(path))?.template ?? 'unmatched';
}

/**
 * The router after partner authentication: a partner route is limited per partner (the one `partnerAuthentication`
 * found), so one partner's burst never spends another's budget; so is a public route called with a Bearer key. Every
 * other limited route is limited per client address (`req.ip`, which honours TRUST_PROXY). Every answer of a limited
 * route carries the headers, so a client can pace itself before it is refused.
 */
export function rateLimitGate(deps: RateLimitGateDeps): Router {
  const router = Router();
  const templateOf = routeTemplates(deps.paths);
  router.use(async (req, res, next) => {
    const policy = rateLimitPolicyOf(req.path, carriesBearer(req));
    if (policy === null) return next();
    let key: string;
    let perMinute: number;
    if (policy === 'partner') {
      key = partnerIdOf(res);
      perMinute = await deps.partnerPerMinute(key);
    } else {
      key = req.ip ?? 'unknown';
      perMinute = deps.publicPerMinute;
    }
    const taken = await deps.limiter.take(policy, key, perMinute);
    if (taken.outcome === 'unchecked') return next();
    res.set(rateLimitHeaders(taken.state));
    if (taken.outcome === 'allowed') return next();
    deps.metrics.refused(templateOf(req.path), policy, policy === 'partner' ? key : 'anonymous');
    refuseOverLimit(res, taken.state);
  });
  return router;
}

/** 429 in the envelope, naming the limit, with its headers and `Retry-After`. */
export function refuseOverLimit(res: Response, state: RateLimitState): void {
  res.set(rateLimitHeaders(state));
  res.set('Retry-After', String(resetSeconds(state.resetMs)));
  sendError(res, 429, 'BAD_REQUEST', rateLimitMessage(state));
}
