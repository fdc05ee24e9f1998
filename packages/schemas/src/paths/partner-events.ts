import {
  eventRedeliverDoneExample,
  eventRedeliverRequestExample,
  eventRedeliverResultExample,
  example,
  ok,
  page,
  partnerEventDetailExample,
  partnerEventExample,
  partnerTestEventExample,
  redeliveredWebhookDeliveryExample,
} from '../examples';
import { EventIdParameter, EventSinceParameter, EventTypeParameter } from '../parameters';
import {
  PARTNER_AUTH_CODES,
  PARTNER_KEY,
  errorResponses,
  jsonBody,
  jsonResponse,
  parameter,
  type PathGroup,
} from './operations';

/** The partner's webhook event log: list, read with attempts, redeliver one or all since a time. Bearer partner key. */

const BASE = '/api/v1/partner/events';

const REDELIVERY = `The event goes again to the partner's current webhook URL with the same \`webhook-id\` and the same body
(signed anew, with a new \`webhook-timestamp\`), so a receiver that already applied it drops it as a duplicate. It gets
the whole retry schedule again. A delivery already pending or in flight is left as it is. 400
BAD_REQUEST when the partner has no webhook URL or its endpoint is disabled (enable it first).`;

export function partnerEventsPaths(): PathGroup {
  return {
    tags: [
      {
        name: 'partner-events',
        description: `The partner's webhook events, kept for the event retention (30 days by default): what was sent, each attempt's answer, and redelivery after an outage. Server-side only: \`Authorization: Bearer <API_KEY>\`.`,
      },
    ],
    paths: {
      [BASE]: {
        get: {
          operationId: 'listPartnerEvents',
          summary: "List the partner's webhook events",
          description: 'Newest first, paged with `cursor` / `meta.nextCursor`.',
          tags: ['partner-events'],
          security: PARTNER_KEY,
          parameters: [EventTypeParameter, EventSinceParameter, parameter('Cursor'), parameter('Limit')],
          responses: {
            '200': jsonResponse('PartnerEventListResponse', 'A page of events.', {
              page: example(
                'The newest events, more on the next page',
                page([partnerTestEventExample, partnerEventExample], 'eyJpZCI6IjZlN2Y4MDkxIn0'),
              ),
            }),
            ...errorResponses([...PARTNER_AUTH_CODES, 'BAD_REQUEST']),
          },
        },
      },
      [`${BASE}/{id}`]: {
        get: {
          operationId: 'getPartnerEvent',
          summary: 'Read an event with its deliveries and every attempt',
          description:
            'Each attempt with its time, the status code answered (null when none came), its duration and the error.',
          tags: ['partner-events'],
          security: PARTNER_KEY,
          parameters: [EventIdParameter],
          responses: {
            '200': jsonResponse('PartnerEventResponse', 'The event.', {
              delivered: example('Delivered at the third attempt', ok(partnerEventDetailExample)),
            }),
            ...errorResponses(PARTNER_AUTH_CODES, [404]),
          },
        },
      },
      [`${BASE}/{id}/redeliver`]: {
        post: {
          operationId: 'redeliverPartnerEvent',
          summary: 'Deliver an event again',
          description: `${REDELIVERY} No body (a non-empty one is 400 BAD_REQUEST).`,
          tags: ['partner-events'],
          security: PARTNER_KEY,
          parameters: [EventIdParameter],
          responses: {
            '202': jsonResponse('WebhookDeliveryResponse', 'The delivery, pending again (or as it was).', {
              pending: example('Pending again, due now', ok(redeliveredWebhookDeliveryExample)),
            }),
            ...errorResponses([...PARTNER_AUTH_CODES, 'BAD_REQUEST'], [404]),
          },
        },
      },
      [`${BASE}/redeliver`]: {
        post: {
          operationId: 'redeliverPartnerEventsSince',
          summary: 'Deliver every event since a time again',
          description: `After an outage of the receiver: every event created at or after \`since\` of a type the endpoint subscribes to, oldest first, paced a few per second (\`WEBHOOK_REDELIVER_PER_SECOND\`, 10 by default) so the receiver is not flooded. \`since\` may go back at most the event retention (older: 400 BAD_REQUEST). One call takes at most 1,000 events by default; call again with \`since\` = \`nextSince\` while it is not null.\n\n${REDELIVERY}`,
          tags: ['partner-events'],
          security: PARTNER_KEY,
          requestBody: jsonBody('EventRedeliverRequest', {
            examples: { since: example('Everything since midnight', eventRedeliverRequestExample) },
          }),
          responses: {
            '202': jsonResponse(
              'EventRedeliverResultResponse',
              'What this call redelivered, and where to go on.',
              {
                more: example(
                  'A full batch: call again with since = nextSince',
                  ok(eventRedeliverResultExample),
                ),
                done: example('The last batch', ok(eventRedeliverDoneExample)),
              },
            ),
            ...errorResponses([...PARTNER_AUTH_CODES, 'BAD_REQUEST'], [413]),
          },
        },
      },
    },
  };
}
