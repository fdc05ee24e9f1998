import { rateLimitPolicyOf } from '../rate-limits';
import { ref } from '../ref';
import { JSON_MEDIA_TYPE, type PathsObject } from './operations';

/**
 * The rate-limit headers and the 429 answer, added to every limited operation here rather than in each area's
 * paths, so no new route can forget them. Headers are inlined: a `$ref` response (the shared error responses)
 * cannot carry headers beside it, which is why the description of the document says every answer has them.
 */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'The budget of this route (draft-ietf-httpapi-ratelimit-headers, structured field): `"partner";q=600;w=60` is 600 requests per 60-second window per partner; `"public"` is per client address.',
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

export function withRateLimits(paths: PathsObject): PathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      if (rateLimitPolicyOf(path) === null) return [path, item];
      const limited = Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [
          method,
          {
            ...operation,
            responses: {
              ...Object.fromEntries(
                Object.entries(operation.responses).map(([status, response]) => [
                  status,
                  '$ref' in response ? response : { ...response, headers: { ...RATE_LIMIT_HEADERS } },
                ]),
              ),
              '429': TOO_MANY_REQUESTS,
            },
          },
        ]),
      );
      return [path, limited];
    }),
  );
}
