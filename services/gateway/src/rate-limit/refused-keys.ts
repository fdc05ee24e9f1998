import { Router, type Request, type Response } from 'express';
import type { RateLimitState } from '@yv/domain';
import { rateLimitPolicyOf, type PathsObject } from '@yv/schemas';
import { carriesBearer } from '../auth/partner-auth';
import { refuseOverLimit, routeTemplates } from './gate';
import type { Limiter } from './limiter';
import type { RateLimitMetrics } from './metrics';

/**
 * Refused partner keys count against a budget per client address (OWASP API4): past it, the address's Bearer
 * requests are answered 429 before any key lookup until the window resets, so guessing keys costs the database
 * nothing. Only refusals spend it, so a partner whose key is valid never does; a valid key sent from an address past
 * its budget waits out the window like a guessed one (the gateway cannot tell them apart without the lookup).
 */
export interface RefusedKeyBudget {
  /** The refusal's state while `address` is past its budget, else null; no Redis call. */
  blocked(address: string): RateLimitState | null;
  /**
   * Counts one refused key of `address` (shared across replicas through Redis; fails open). @returns the refusal's
   * state when this one went past the budget, else null.
   */
  spend(address: string): Promise<RateLimitState | null>;
}

/** Addresses past their budget this replica remembers at most; expired ones are dropped first. */
const MAX_BLOCKED = 10_000;

export function refusedKeyBudget(deps: { limiter: Limiter; perMinute: number }): RefusedKeyBudget {
  const blockedUntil = new Map<string, { state: RateLimitState; until: number }>();
  const forgetExpired = (now: number) => {
    for (const [address, entry] of blockedUntil) if (entry.until <= now) blockedUntil.delete(address);
  };
  return {
    blocked(address) {
      const entry = blockedUntil.get(address);
      if (!entry) return null;
      const resetMs = entry.until - Date.now();
      if (resetMs <= 0) {
        blockedUntil.delete(address);
        return null;
      }
      return { ...entry.state, remaining: 0, resetMs };
    },
    async spend(address) {
      const taken = await deps.limiter.take('refused-key', address, deps.perMinute);
      if (taken.outcome !== 'refused') return null;
      const now = Date.now();
      if (blockedUntil.size >= MAX_BLOCKED) forgetExpired(now);
      if (blockedUntil.size < MAX_BLOCKED)
        blockedUntil.set(address, { state: taken.state, until: now + taken.state.resetMs });
      return taken.state;
    },
  };
}

/** The client address a budget is kept for: `req.ip` honours TRUST_PROXY. */
export const clientAddress = (req: Request): string => req.ip ?? 'unknown';

/** partnerAuthentication's `onRefused`: spends the address's budget, and answers 429 the key that went past it. */
export function spendRefusedKey(deps: {
  budget: RefusedKeyBudget;
  metrics: RateLimitMetrics;
  paths: PathsObject;
}): (req: Request, res: Response) => Promise<boolean> {
  const templateOf = routeTemplates(deps.paths);
  return async (req, res) => {
    const past = await deps.budget.spend(clientAddress(req));
    if (!past) return false;
    deps.metrics.refused(templateOf(req.path), 'refused-key', 'anonymous');
    refuseOverLimit(res, past);
    return true;
  };
}

/** Before partner authentication: an address past its refused-key budget is refused before its key is looked up. */
export function refusedKeyGate(deps: {
  budget: RefusedKeyBudget;
  metrics: RateLimitMetrics;
  paths: PathsObject;
}): Router {
  const router = Router();
  const templateOf = routeTemplates(deps.paths);
  router.use((req, res, next) => {
    if (rateLimitPolicyOf(req.path, carriesBearer(req)) !== 'partner') return next();
    const blocked = deps.budget.blocked(clientAddress(req));
    if (!blocked) return next();
    deps.metrics.refused(templateOf(req.path), 'refused-key', 'anonymous');
    refuseOverLimit(res, blocked);
  });
  return router;
}
