import { DELIVERY, SIGNATURE_HEADERS } from '../paths/webhooks';
import { ActionUpdatedEvent, RedeemUpdatedEvent, WebhookTestEvent, WEBHOOK_EVENT_TYPES } from '../webhooks';
import { markdownTable } from './table';

/** Each event type with its schema's description; a type without one here does not compile. */
const EVENTS = {
  'action.updated': ActionUpdatedEvent,
  'redeem.updated': RedeemUpdatedEvent,
  'webhook.test': WebhookTestEvent,
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], { description: string }>;

export const WEBHOOKS_GUIDE = `The API tells your receiver when a partner action or a redemption changes, as signed JSON
\`POST\`s following [Standard Webhooks](https://www.standardwebhooks.com). Register the receiver with
\`PUT /api/v1/partner/webhook-endpoint\`; each event type's body is documented under [webhooks](#tag/webhooks).

**Events** (the body is \`{type, timestamp, sequence, data}\`):

${markdownTable(
  ['type', 'when, and what `data` is'],
  WEBHOOK_EVENT_TYPES.map((type) => [`\`${type}\``, EVENTS[type].description]),
)}

**Headers**:

${markdownTable(
  ['header', 'value'],
  SIGNATURE_HEADERS.map((header) => [`\`${header.name}\``, header.description]),
)}

**Verify** on the raw body, before any JSON parsing, with any Standard Webhooks library, or with \`verifyWebhook\` of
\`@yv/sdk\`, which takes several secrets at once (a rotation's old and new one), checks the timestamp (5 minutes
either way by default) and answers the typed event. Answer a message that does not verify with a non-2xx.

**Delivery and retries**: ${DELIVERY.replace(/\n/g, ' ')}

**Secrets**: \`POST /api/v1/partner/webhook-endpoint/secret\` issues a new secret (shown once); for
\`overlapSeconds\` (default a day) the old secrets go on signing beside it, one signature each, so the receiver can
switch at any moment. **Test**: \`POST /api/v1/partner/webhook-endpoint/test\` sends a \`webhook.test\` event through
the same pipeline. **Redelivery**: the event log (\`GET /api/v1/partner/events\`) keeps every event with its
deliveries and attempts; \`POST /api/v1/partner/events/{id}/redeliver\` sends one again, and
\`POST /api/v1/partner/events/redeliver\` with \`{since}\` every event since a time, paced, after an outage. A
redelivery keeps the \`webhook-id\` and the body, with a new timestamp and signature.`;
