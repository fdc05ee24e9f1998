import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from '@yv/domain';
import { findActivePartnerApiKeys, type ActivePartnerApiKey, type Pool } from '@yv/db';
import { batchLoader } from '@yv/runtime';
import { apiKeyMatches, apiKeyPrefix } from './keys';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/;

/**
 * Every failure gets one message that names what is expected and never echoes the header: a key must not reach a
 * response, a log line or a metric label, even a wrong one (it may be a real key of another system).
 */
const UNAUTHORIZED = 'a valid partner API key is required in the header `Authorization: Bearer <API_KEY>`';

/** Told of each key that authenticated a request (its last use is recorded from there). */
export type OnAuthenticated = (keyId: string) => void;

const lookups = new WeakMap<Pool, (prefix: string) => Promise<ActivePartnerApiKey | null>>();

/**
 * The keys of the requests that arrive together are looked up in one query, per pool (so per process): no cache, so a
 * revoked key is refused from the next request on.
 */
function activeKeyLookup(pool: Pool): (prefix: string) => Promise<ActivePartnerApiKey | null> {
  let lookup = lookups.get(pool);
  if (!lookup) {
    lookup = batchLoader((prefixes: string[]) => findActivePartnerApiKeys(pool, prefixes));
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

/** The authenticated partner of the request, set by `partnerAuth`. */
export function partnerIdOf(res: Response): string {
  const partnerId = res.locals.partnerId as string | undefined;
  if (!partnerId) throw new Error('partnerIdOf() used on a route without partnerAuth');
  return partnerId;
}

/**
 * Bearer partner key → `res.locals.partnerId` (returned); anything else raises 401 PARTNER_UNAUTHORIZED. A request
 * already authenticated (by the rate-limit gate, before the feature router's own check) is not looked up again.
 */
export async function authenticatePartner(
  pool: Pool,
  req: Request,
  res: Response,
  onAuthenticated?: OnAuthenticated,
): Promise<string> {
  const known = res.locals.partnerId as string | undefined;
  if (known) return known;
  const match = BEARER.exec(req.get('authorization') ?? '');
  const key = match?.[1];
  const prefix = key ? apiKeyPrefix(key) : null;
  if (!key || !prefix) throw new ApiError('PARTNER_UNAUTHORIZED', UNAUTHORIZED);
  const stored = await activeKeyLookup(pool)(prefix);
  if (!stored || !apiKeyMatches(key, stored.keyHash))
    throw new ApiError('PARTNER_UNAUTHORIZED', UNAUTHORIZED);
  res.locals.partnerId = stored.partnerId;
  onAuthenticated?.(stored.keyId);
  return stored.partnerId;
}

export function partnerAuth(pool: Pool, onAuthenticated?: OnAuthenticated): RequestHandler {
  return async (req, res, next) => {
    await authenticatePartner(pool, req, res, onAuthenticated);
    next();
  };
}
