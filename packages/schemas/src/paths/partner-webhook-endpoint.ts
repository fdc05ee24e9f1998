import {
  example,
  goneWebhookEndpointExample,
  ok,
  rotatingWebhookEndpointExample,
  unsetWebhookEndpointExample,
  webhookEndpointExample,
  webhookEndpointRequestExample,
  webhookSecretCreatedExample,
  webhookSecretRotateRequestExample,
  webhookTestSentExample,
} from '../examples';
import { MAX_SECRET_OVERLAP_SECONDS } from '../webhook-endpoint';
import {
  PARTNER_AUTH_CODES,
  PARTNER_KEY,
  errorResponses,
  jsonBody,
  jsonResponse,
  type PathGroup,
} from './operations';

/** The partner's own webhook endpoint: read, set, rotate its signing secret, send a test event. Bearer partner key. */

const BASE = '/api/v1/partner/webhook-endpoint';
const TAG = 'partner-webhook-endpoint';

export function partnerWebhookEndpointPaths(): PathGroup {
  return {
    tags: [
      {
        name: TAG,
        description:
          "The partner's webhook receiver: where deliveries go, which events, the signing secrets and a test event.",
      },
    ],
    paths: {
      [BASE]: {
        get: {
          operationId: 'getPartnerWebhookEndpoint',
          summary: "The partner's webhook endpoint (never a secret)",
          tags: [TAG],
          security: PARTNER_KEY,
          responses: {
            '200': jsonResponse('WebhookEndpointResponse', 'The endpoint; `url` is null when none is set.', {
              set: example('Set, one signing secret', ok(webhookEndpointExample)),
              rotating: example("During a secret rotation's overlap", ok(rotatingWebhookEndpointExample)),
              gone: example('Disabled after a 410 Gone', ok(goneWebhookEndpointExample)),
              unset: example('No URL set yet', ok(unsetWebhookEndpointExample)),
            }),
            ...errorResponses(PARTNER_AUTH_CODES),
          },
        },
        put: {
          operationId: 'setPartnerWebhookEndpoint',
          summary: 'Set the webhook URL, whether it is enabled and the event types it subscribes to',
          description:
            'Replaces the whole setting (omitted fields take their defaults). The URL is checked against the SSRF policy, its hostname resolved, before anything is stored; a refused URL is 400 BAD_REQUEST saying why and changes nothing. Deliveries already made keep their URL until their next attempt, which uses the new one.',
          tags: [TAG],
          security: PARTNER_KEY,
          requestBody: jsonBody('WebhookEndpointRequest', {
            examples: {
              set: example('Two event types', webhookEndpointRequestExample),
              everything: example('Every event type, types added later included', {
                url: webhookEndpointRequestExample.url,
              }),
              pause: example('Stop deliveries, keep the URL', {
                ...webhookEndpointRequestExample,
                enabled: false,
              }),
              remove: example('Remove the endpoint', { url: null }),
            },
          }),
          responses: {
            '200': jsonResponse('WebhookEndpointResponse', 'The endpoint as stored.', {
              set: example('Stored', ok(webhookEndpointExample)),
            }),
            ...errorResponses(['BAD_REQUEST', ...PARTNER_AUTH_CODES], [413]),
          },
        },
      },
      [`${BASE}/secret`]: {
        post: {
          operationId: 'rotatePartnerWebhookSecret',
          summary: 'Issue a new signing secret; the current ones keep signing for an overlap',
          description: `The new secret is in this answer only. Until \`previousSecretsExpireAt\` (\`overlapSeconds\`, 0 to ${MAX_SECRET_OVERLAP_SECONDS}, default 86400, after now) every delivery carries one \`v1,\` signature per active secret, so the receiver can switch to the new secret at any moment.`,
          tags: [TAG],
          security: PARTNER_KEY,
          requestBody: {
            ...jsonBody('WebhookSecretRotateRequest', {
              examples: {
                day: example(
                  'The old secret signs for one more day (the default)',
                  webhookSecretRotateRequestExample,
                ),
                now: example('End the old secret at once', { overlapSeconds: 0 }),
              },
            }),
            required: false,
          },
          responses: {
            '201': jsonResponse('WebhookSecretCreatedResponse', 'The new secret, shown once.', {
              created: example(
                'A new secret, the old one signing for a day',
                ok(webhookSecretCreatedExample),
              ),
            }),
            ...errorResponses(['BAD_REQUEST', ...PARTNER_AUTH_CODES], [413]),
          },
        },
      },
      [`${BASE}/test`]: {
        post: {
          operationId: 'sendPartnerWebhookTest',
          summary: 'Record a `webhook.test` event, delivered like any other',
          description:
            'No body. The event goes through the outbox, so it is delivered, signed, retried and logged like any event, whatever `eventTypes` the endpoint subscribes to. `id` is its `webhook-id`. 400 BAD_REQUEST when no URL is set or the endpoint is disabled (nothing is recorded).',
          tags: [TAG],
          security: PARTNER_KEY,
          responses: {
            '201': jsonResponse('WebhookTestSentResponse', 'The recorded event.', {
              sent: example('Recorded; its delivery carries this webhook-id', ok(webhookTestSentExample)),
            }),
            ...errorResponses(['BAD_REQUEST', ...PARTNER_AUTH_CODES], [413]),
          },
        },
      },
    },
  };
}
