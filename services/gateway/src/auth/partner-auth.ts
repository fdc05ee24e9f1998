import { Router, type Request, type Response } from 'express';
import { ApiError } from '@yv/domain';
import { findActivePartnerApiKeys, type ActivePartnerApiKey, type Pool } from '@yv/db';
import { batched } from '@yv/runtime';
import { rateLimitPolicyOf } from '@yv/schemas';
import { apiKeyMatches, apiKeyPrefix } from './keys';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/;

/**
 * Every failure gets one message that names what is expected and never echoes the header: a key must not reach a
 * response, a log line or a metric label, even a wrong one (it may be a real key of another system).
 */
const UNAUTHORIZED = 'a valid partner API key is required in the header `Authorization: Bearer <API_KEY>`';

/** Told of each key that authenticated a request (its last use is recorded from there). */
export type OnAuthenticated = (keyId: string) => void;
/**
 * Told of each request whose key was looked up and refused, before it is answered 401; true when it answered the
 * request itself (the refused-key budget's 429).
 */
export type OnRefused = (req: Request, res: Response) => Promise<boolean>;

const lookups = new WeakMap<Pool, (prefix: string) => Promise<ActivePartnerApiKey | null>>();

/**
 * The keys of the requests that arrive together are looked up in one query, per pool (so per process): no cache, so a
 * revoked key is refused from the next request on.
 */
function activeKeyLookup(pool: Pool): (prefix: string) => Promise<ActivePartnerApiKey | null> {
  let lookup = lookups.get(pool);
  if (!lookup) {
    lookup = batched((prefixes: string[]) => findActivePartnerApiKeys(pool, prefixes));
    lookups.set(pool, lookup);
  }
  return lookup;
}

/**
 * Whether the request presents a Bearer credential: the scheme in any case, so a mis-cased one is refused rather than
 * silently ignored; other schemes (Basic to a proxy in front) are not the API's.
 */
export function carriesBearer(req: Request): boolean {
  return /^bearer(\s|$)/i.test(req.get('authorization') ?? '');
}

/** The authenticated partner of the request, set by `partnerAuthentication`. */
export function partnerIdOf(res: Response): string {
  const partnerId = res.locals.partnerId as string | undefined;
  if (!partnerId) throw new Error('partnerIdOf() used on a route without partnerAuthentication');
  return partnerId;
}

/**
 * Bearer partner key → `res.locals.partnerId`; anything else raises 401 PARTNER_UNAUTHORIZED, unless `onRefused`
 * answered a refused key itself. @returns true when the request was answered.
 */
async function authenticatePartner(
  pool: Pool,
  req: Request,
  res: Response,
  callbacks: { onAuthenticated?: OnAuthenticated; onRefused?: OnRefused },
): Promise<boolean> {
  const match = BEARER.exec(req.get('authorization') ?? '');
  const key = match?.[1];
  const prefix = key ? apiKeyPrefix(key) : null;
  if (!key || !prefix) throw new ApiError('PARTNER_UNAUTHORIZED', UNAUTHORIZED);
  const stored = await activeKeyLookup(pool)(prefix);
  if (!stored || !apiKeyMatches(key, stored.keyHash)) {
    if (await callbacks.onRefused?.(req, res)) return true;
    throw new ApiError('PARTNER_UNAUTHORIZED', UNAUTHORIZED);
  }
  res.locals.partnerId = stored.partnerId;
  callbacks.onAuthenticated?.(stored.keyId);
  return false;
}

/**
 * The one partner authentication, mounted before every feature router (and before the rate-limit gate, which limits
 * the partner it finds): a partner route needs a key, and a public route called with a Bearer key is the partner's
 * too (a wrong key is 401, so the partner learns of it). The routers read the result with `partnerIdOf`.
 */
export function partnerAuthentication(deps: {
  pool: Pool;
  onAuthenticated?: OnAuthenticated;
  onRefused?: OnRefused;
}): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    const answered =
      rateLimitPolicyOf(req.path, carriesBearer(req)) === 'partner' &&
      (await authenticatePartner(deps.pool, req, res, deps));
    if (!answered) next();
  });
  return router;
}
