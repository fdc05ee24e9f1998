import { findWebhookEndpoint, insertOutboxEvent, lockPartner, withTransaction, type Pool } from '@yv/db';
import { checkTestDeliverable, webhookTestData } from '@yv/domain';

/** A `webhook.test` event for the partner's endpoint, written to the outbox like every event. */
export async function sendTestEvent(
  pool: Pool,
  partnerId: string,
): Promise<{ eventId: string; createdAt: Date }> {
  return withTransaction(pool, async (client) => {
    // The partner's row is the test events' aggregate: locked, two at once take distinct sequence numbers.
    await lockPartner(client, partnerId);
    const endpoint = await findWebhookEndpoint(client, partnerId);
    if (endpoint) checkTestDeliverable(endpoint);
    return insertOutboxEvent(client, {
      type: 'webhook.test',
      aggregateId: partnerId,
      partnerId,
      payload: webhookTestData(partnerId),
    });
  });
}
