import type { RequestHandler } from 'express';
import type { Field } from '@yv/config';
import type { Operation, PathsObject } from '@yv/schemas';
import { routeTemplates } from '../rate-limit/gate';

/** Which browser origins may call the credential-free routes: any (`*`), or exactly these. */
export type CorsOrigins = '*' | readonly string[];

/**
 * CORS_ORIGINS: `*` or a comma-separated list of origins (`https://app.example.com`, scheme, host and port only), so
 * a typo such as a trailing slash stops the service at start instead of silently blocking every browser.
 */
export function corsOrigins(fallback: CorsOrigins): Field<CorsOrigins> {
  const show = (value: CorsOrigins) => (value === '*' ? '*' : value.join(','));
  return {
    kind: 'cors-origins',
    allowed:
      '`*`, or a comma-separated list of origins such as https://app.example.com (no path, no trailing slash)',
    secret: false,
    fallback: { value: fallback },
    parse: (raw) => {
      if (raw.trim() === '*') return { ok: true, value: '*' };
      const items = raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (items.length === 0) return { ok: false, problem: 'got no origin' };
      const wrong = items.find((item) => !isOrigin(item));
      if (wrong !== undefined)
        return { ok: false, problem: `got ${JSON.stringify(wrong)}, which is not an http(s) origin` };
      return { ok: true, value: items };
    },
    show,
  };
}

function isOrigin(value: string): boolean {
  try {
    const parsed = new URL(value);
    return ['http:', 'https:'].includes(parsed.protocol) && parsed.origin === value;
  } catch {
    return false;
  }
}

export const corsSpec = {
  /** Browser origins allowed to call the credential-free reads and builders; partner and cron routes never are. */
  CORS_ORIGINS: corsOrigins('*'),
};

/** What a browser page may read of an answer besides the CORS-safelisted headers. */
export const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'RateLimit-Policy', 'RateLimit', 'Retry-After'];
/**
 * What a page may send: JSON bodies and its own request id. Not Authorization: a partner key must never be in a
 * browser, so a page that tries to send one fails its preflight.
 */
export const CORS_ALLOWED_HEADERS = ['Content-Type', 'X-Request-Id'];
/** How long a browser may reuse a preflight answer, in seconds: short, so a changed CORS_ORIGINS applies soon. */
export const CORS_MAX_AGE_SECONDS = 600;

/** An operation that may be called without credentials: no security requirement, or an empty (optional) one. */
function credentialFree(operation: Operation): boolean {
  return operation.security.length === 0 || operation.security.some((r) => Object.keys(r).length === 0);
}

/** The methods of a request path's credential-free operations, from the document; empty for every other path. */
export function credentialFreeMethods(paths: PathsObject): (path: string) => string[] {
  const templateOf = routeTemplates(paths);
  return (path) =>
    Object.entries(paths[templateOf(path)] ?? {})
      .filter(([, operation]) => operation !== undefined && credentialFree(operation))
      .map(([method]) => method.toUpperCase());
}

/**
 * CORS on the credential-free operations of the document only, before anything else reads the request: a preflight
 * is answered 204 here (not counted against a rate limit), and the headers are set before the route runs so its
 * errors and 429s are readable by the page too. Partner, cron and undocumented routes get no CORS header at all.
 */
export function cors(origins: CorsOrigins, paths: PathsObject): RequestHandler {
  const methodsOf = credentialFreeMethods(paths);
  return (req, res, next) => {
    const methods = methodsOf(req.path);
    if (methods.length === 0) return next();
    const origin = req.get('origin');
    if (origins !== '*') res.vary('Origin');
    const allowed = origins === '*' || (origin !== undefined && origins.includes(origin));
    if (allowed) {
      res.set('Access-Control-Allow-Origin', origins === '*' ? '*' : origin);
      res.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
    }
    if (req.method !== 'OPTIONS' || req.get('access-control-request-method') === undefined) return next();
    if (allowed)
      res.set({
        'Access-Control-Allow-Methods': methods.join(', '),
        'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
        'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
      });
    res.status(204).end();
  };
}
