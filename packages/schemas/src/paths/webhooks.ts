import type { SchemaName } from '../registry';
import {
  CRON_SECRET,
  errorResponses,
  jsonBody,
  jsonResponse,
  type Operation,
  type PathGroup,
} from './operations';

/** The cron retry endpoint, and the webhooks the API sends to the partner's receiver (OpenAPI `webhooks`). */

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id: the same on every retry of one event. Deduplicate on it.',
    schema: { type: 'string', format: 'uuid' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'Seconds since the Unix epoch when this attempt was signed. Reject values far from your clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">`, keyed with the base64-decoded part of your `whsec_` secret after the prefix. During a secret rotation each active secret adds one signature; accept the message when any one matches. Verify on the raw body, before parsing it.',
    schema: { type: 'string' },
  },
];

const DELIVERY = `Sent as POST with the signed JSON body to the partner's webhook URL (\`pnpm admin webhook set\`) per the
Standard Webhooks scheme. Answer 2xx within 10 seconds to acknowledge; any other answer or a timeout is retried with
exponential backoff and jitter (a \`Retry-After\` is honoured), and after the in-queue attempts by the cron retry until
\`maxAttempts\`. 410 Gone disables the endpoint until it is set again. Delivery is at least once and not ordered: use
\`webhook-id\` to deduplicate and \`sequence\` to drop stale messages. Webhooks are hints: keep polling actions and
redemptions for the truth.`;

function webhook(operationId: string, summary: string, body: SchemaName): Operation {
  return {
    operationId,
    summary,
    description: DELIVERY,
    tags: ['webhooks'],
    // The receiver authenticates the message by its signature, not by a credential of ours.
    security: [],
    parameters: SIGNATURE_HEADERS,
    requestBody: jsonBody(body),
    responses: {
      '2XX': { description: 'Acknowledged: the delivery is done.' },
      '410': { description: 'The receiver is retired: the endpoint is disabled, nothing more is sent.' },
      default: { description: 'Any other answer, or none within the timeout: the attempt is retried.' },
    },
  };
}

export function webhooksPaths(): PathGroup {
  return {
    tags: [
      {
        name: 'webhooks',
        description:
          'Signed notifications of action and redemption changes, and the operational retry of failed deliveries.',
      },
    ],
    paths: {
      '/api/cron/webhooks': {
        post: {
          operationId: 'retryWebhooks',
          summary: 'Retry failed webhook deliveries',
          description:
            'Called by the Kubernetes CronJob (every 5 minutes). No body. Re-enqueues failed deliveries that have attempts left, at most 1000 per call. `sent`: deliveries re-enqueued by this call; `failed`: deliveries that have used all `maxAttempts` and are given up; `checked` = sent + failed. Overlapping calls never re-enqueue one delivery twice. PARTNER_WEBHOOK_RETRY_FAILED: the queue (Redis) did not take the jobs, nothing changed; PARTNER_WEBHOOK_FAILED: the deliveries could not be read. Both are safe to retry.',
          tags: ['webhooks'],
          security: CRON_SECRET,
          responses: {
            '200': jsonResponse('WebhookRetryResultResponse', 'The pass over failed deliveries.'),
            ...errorResponses([
              'PARTNER_UNAUTHORIZED',
              'PARTNER_WEBHOOK_FAILED',
              'PARTNER_WEBHOOK_RETRY_FAILED',
            ]),
          },
        },
      },
    },
    webhooks: {
      'action.updated': {
        post: webhook('actionUpdated', 'A partner action changed status', 'ActionUpdatedEvent'),
      },
      'redeem.updated': {
        post: webhook(
          'redeemUpdated',
          'A redemption of a partner wallet changed status',
          'RedeemUpdatedEvent',
        ),
      },
    },
  };
}
