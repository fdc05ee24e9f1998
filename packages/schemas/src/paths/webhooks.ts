import {
  actionUpdatedEventExample,
  example,
  ok,
  redeemUpdatedEventExample,
  webhookRetryResultExample,
  webhookTestEventExample,
} from '../examples';
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

export const SIGNATURE_HEADERS = [
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

export const DELIVERY = `Sent as POST with the signed JSON body to the partner's webhook URL
(PUT /api/v1/partner/webhook-endpoint, to the event types it subscribes to) per the Standard Webhooks scheme. Answer 2xx within 10 seconds to acknowledge; any other answer or a timeout is retried on the
schedule 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failure (up to 10 % later; a \`Retry-After\` is
honoured), about 27 hours in all; after the last attempt the delivery is failed, and the partner can redeliver it
(POST /api/v1/partner/events/{id}/redeliver). An endpoint failing every delivery for 5 days is disabled. 410 Gone disables the endpoint until it is set again. Delivery is at least once and not ordered: use
\`webhook-id\` to deduplicate and \`sequence\` to drop stale messages. Webhooks are hints: keep polling actions and
redemptions for the truth.`;

function webhook(operationId: string, summary: string, body: SchemaName, sample: unknown): Operation {
  return {
    operationId,
    summary,
    description: DELIVERY,
    tags: ['webhooks'],
    // The receiver authenticates the message by its signature, not by a credential of ours.
    security: [],
    parameters: SIGNATURE_HEADERS,
    requestBody: jsonBody(body, { examples: { [operationId]: example(summary, sample) } }),
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
            'Called by the Kubernetes CronJob (every 5 minutes). No body. The worker follows the retry schedule itself; this call rescues what it cannot reach: failed deliveries with places left in a schedule made longer since, and pending deliveries over a minute past their due time (their delayed job was lost), at most 1000 per call. `sent`: deliveries re-enqueued by this call; `failed`: deliveries that have used the whole schedule (`maxAttempts` attempts) and are given up; `checked` = sent + failed. Overlapping calls never re-enqueue one delivery twice. PARTNER_WEBHOOK_RETRY_FAILED: the queue (Redis) did not take the jobs, nothing changed; PARTNER_WEBHOOK_FAILED: the deliveries could not be read. Both are safe to retry.',
          tags: ['webhooks'],
          security: CRON_SECRET,
          responses: {
            '200': jsonResponse('WebhookRetryResultResponse', 'The pass over failed deliveries.', {
              pass: example('Two re-enqueued, one given up', ok(webhookRetryResultExample)),
            }),
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
        post: webhook(
          'actionUpdated',
          'A partner action changed status',
          'ActionUpdatedEvent',
          actionUpdatedEventExample,
        ),
      },
      'redeem.updated': {
        post: webhook(
          'redeemUpdated',
          'A redemption of a partner wallet changed status',
          'RedeemUpdatedEvent',
          redeemUpdatedEventExample,
        ),
      },
      'webhook.test': {
        post: webhook(
          'webhookTest',
          'A test event the partner asked for',
          'WebhookTestEvent',
          webhookTestEventExample,
        ),
      },
    },
  };
}
