import { MAX_PARTNER_GRACE_HOURS } from '../api-keys';
import {
  apiKeyCreatedExample,
  apiKeyListExample,
  apiKeyRotateRequestExample,
  example,
  ok,
} from '../examples';
import {
  PARTNER_AUTH_CODES,
  PARTNER_KEY,
  errorResponses,
  jsonBody,
  jsonResponse,
  type PathGroup,
} from './operations';

/** The partner's own API keys: rotate and list. Bearer partner key. */

const BASE = '/api/v1/partner/api-keys';

export function partnerApiKeysPaths(): PathGroup {
  return {
    tags: [
      {
        name: 'partner-api-keys',
        description: "The partner's API keys: rotate without downtime, see when each was last used.",
      },
    ],
    paths: {
      [`${BASE}/rotate`]: {
        post: {
          operationId: 'rotatePartnerApiKey',
          summary: 'Issue a new API key; the current keys keep working for a grace period',
          description: `The new key is in this answer only (the service keeps its SHA-256). Every key the partner has now, the calling one included, stops working after \`graceHours\` (0 to ${MAX_PARTNER_GRACE_HOURS}, default 24; 0 ends them at once), so the partner can deploy the new key before the old one ends.`,
          tags: ['partner-api-keys'],
          security: PARTNER_KEY,
          requestBody: {
            ...jsonBody('ApiKeyRotateRequest', {
              examples: {
                day: example('The current keys work one more day (the default)', apiKeyRotateRequestExample),
                now: example('End the current keys at once', { graceHours: 0 }),
              },
            }),
            required: false,
          },
          responses: {
            '201': jsonResponse('ApiKeyCreatedResponse', 'The new key, shown once.', {
              created: example('A new key, the old ones working for a day', ok(apiKeyCreatedExample)),
            }),
            ...errorResponses(['BAD_REQUEST', ...PARTNER_AUTH_CODES], [413]),
          },
        },
      },
      [BASE]: {
        get: {
          operationId: 'listPartnerApiKeys',
          summary: "List the partner's API keys (prefixes, never keys)",
          description:
            'Every key the partner has had, newest first, with when it was created, last used (to about a minute), expires and was revoked.',
          tags: ['partner-api-keys'],
          security: PARTNER_KEY,
          responses: {
            '200': jsonResponse('ApiKeyListResponse', "The partner's keys.", {
              rotating: example('During a grace period: both keys work', ok(apiKeyListExample)),
            }),
            ...errorResponses(PARTNER_AUTH_CODES),
          },
        },
      },
    },
  };
}
