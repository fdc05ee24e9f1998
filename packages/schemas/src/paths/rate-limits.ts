import { rateLimitPolicyOf } from '../rate-limits';
import { ref } from '../ref';
import { JSON_MEDIA_TYPE, PARTNER_KEY, errorResponses, type PathsObject, type Reference } from './operations';

/**
 * The rate-limit headers and the 429 answer, added to every limited operation here rather than in each area's
 * paths, so no new route can forget them. A limited public operation also takes an optional partner key (its
 * budget is then the partner's), so it gains the 401 of a wrong one. Headers are inlined: a `$ref` response (the shared error responses)
 * cannot carry headers beside it, which is why the description of the document says every answer has them.
 */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'The budget of this route (draft-ietf-httpapi-ratelimit-headers, structured field): `"partner";q=600;w=60` is 600 requests per 60-second window per partner (on a read or builder too, when called with a partner key); `"public"` is per client address.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left of it: `"partner";r=599;t=37` is 599 requests left, the window resetting in 37 seconds.',
    schema: { type: 'string' },
  },
} as const;

const RETRY_AFTER = {
  description: 'Seconds to wait before the budget is back.',
  schema: { type: 'integer', minimum: 1 },
} as const;

const TOO_MANY_REQUESTS = {
  description:
    'Over the rate limit of the route (code BAD_REQUEST: the spec has no code of its own for it); the message names the limit. Wait `Retry-After` seconds.',
  headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': RETRY_AFTER },
  content: {
    [JSON_MEDIA_TYPE]: {
      schema: ref('ErrorResponse'),
      examples: {
        BAD_REQUEST: {
          summary: 'BAD_REQUEST',
          value: {
            success: false,
            error: {
              code: 'BAD_REQUEST',
              message:
                "rate limit of 600 requests per minute for this partner exceeded; retry after the Retry-After header's seconds",
            },
          },
        },
      },
    },
  },
};

const OPTIONAL_PARTNER_KEY = [{}, ...PARTNER_KEY];

const WRONG_OPTIONAL_KEY = {
  ...errorResponses(['PARTNER_UNAUTHORIZED'])['401'],
  description:
    'Only when a Bearer partner key is sent and it is not a valid one (wrong, revoked or past its grace). Without the header the operation needs no credentials. Codes: PARTNER_UNAUTHORIZED.',
};

/** A Bearer key sent to a public operation is looked up in PostgreSQL: the database away, the key cannot be checked. */
const KEY_NOT_CHECKED =
  'INDEXER_UNAVAILABLE only when a Bearer partner key is sent and the database is unavailable.';

function withKeyNotChecked(existing: Reference | undefined): Reference {
  if (existing?.description?.includes('INDEXER_UNAVAILABLE')) return existing;
  const response = existing ?? (errorResponses(['INDEXER_UNAVAILABLE'])['503'] as Reference);
  const codes = existing
    ? response.description!.replace(/\.$/, ', INDEXER_UNAVAILABLE.')
    : response.description!;
  return { ...response, description: `${codes} ${KEY_NOT_CHECKED}` };
}

export function withRateLimits(paths: PathsObject): PathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const policy = rateLimitPolicyOf(path);
      if (policy === null) return [path, item];
      const limited = Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [
          method,
          {
            ...operation,
            ...(policy === 'public' ? { security: OPTIONAL_PARTNER_KEY } : {}),
            responses: {
              ...Object.fromEntries(
                Object.entries(operation.responses).map(([status, response]) => [
                  status,
                  '$ref' in response
                    ? response
                    : { ...response, headers: { ...(response.headers as object), ...RATE_LIMIT_HEADERS } },
                ]),
              ),
              ...(policy === 'public' ? { '401': WRONG_OPTIONAL_KEY } : {}),
              ...(policy === 'public'
                ? { '503': withKeyNotChecked(operation.responses['503'] as Reference | undefined) }
                : {}),
              '429': TOO_MANY_REQUESTS,
            },
          },
        ]),
      );
      return [path, limited];
    }),
  );
}
