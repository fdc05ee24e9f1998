import { depositActionExample } from './actions';
import { UPDATED_AT } from './fixtures';
import { actionUpdatedEventExample, webhookTestEventExample } from './webhooks';

/** The partner's event log: events as the webhook bodies carried them, deliveries with attempts, redeliveries. */

const ACTION_EVENT_ID = '6e7f8091-a2b3-4c4d-9e5f-6a7b8c9d0e1f';
const TEST_EVENT_ID = '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e';

export const partnerEventExample = {
  id: ACTION_EVENT_ID,
  type: actionUpdatedEventExample.type,
  createdAt: actionUpdatedEventExample.timestamp,
  sequence: actionUpdatedEventExample.sequence,
  data: depositActionExample,
};

export const partnerTestEventExample = {
  id: TEST_EVENT_ID,
  type: webhookTestEventExample.type,
  createdAt: webhookTestEventExample.timestamp,
  sequence: webhookTestEventExample.sequence,
  data: webhookTestEventExample.data,
};

/** Failed twice (a 503, then a timeout), delivered at the third attempt. */
export const deliveredWebhookDeliveryExample = {
  id: '7f8091a2-b3c4-4d5e-8f6a-7b8c9d0e1f2a',
  url: 'https://partner.example/hooks/yield-vault',
  status: 'delivered',
  attemptCount: 3,
  nextAttemptAt: null,
  deliveredAt: '2025-06-01T12:05:06.120Z',
  createdAt: UPDATED_AT,
  attempts: [
    {
      attempt: 1,
      at: '2025-06-01T12:00:00.210Z',
      statusCode: 503,
      durationMs: 84,
      error: 'receiver answered 503',
    },
    {
      attempt: 2,
      at: '2025-06-01T12:00:05.390Z',
      statusCode: null,
      durationMs: 10_000,
      error: 'no answer within 10000ms',
    },
    { attempt: 3, at: '2025-06-01T12:05:06.050Z', statusCode: 204, durationMs: 70, error: null },
  ],
};

export const partnerEventDetailExample = {
  ...partnerEventExample,
  deliveries: [deliveredWebhookDeliveryExample],
};

/** A redelivered event: pending again, due now, its earlier attempts kept. */
export const redeliveredWebhookDeliveryExample = {
  ...deliveredWebhookDeliveryExample,
  status: 'pending',
  nextAttemptAt: '2025-06-02T09:00:00.000Z',
  deliveredAt: null,
};

export const eventRedeliverRequestExample = { since: '2025-06-01T00:00:00.000Z' };

export const eventRedeliverResultExample = {
  redelivered: 1000,
  skipped: 2,
  nextSince: '2025-06-01T14:31:07.512Z',
  remaining: 318,
};

export const eventRedeliverDoneExample = { redelivered: 318, skipped: 0, nextSince: null, remaining: 0 };
