import type { Queryable } from '../queryable';

/** A partner's webhook endpoint as the partner manages it (PUT /api/v1/partner/webhook-endpoint). */
export interface WebhookEndpointRow {
  url: string | null;
  /** Subscribed event types; null is every type, including types added later. */
  eventTypes: string[] | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

/** @returns null when no such partner exists. */
export async function findWebhookEndpoint(
  db: Queryable,
  partnerId: string,
): Promise<WebhookEndpointRow | null> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `SELECT webhook_url AS url, webhook_event_types AS "eventTypes", webhook_disabled_at AS "disabledAt",
            webhook_disabled_reason AS "disabledReason"
       FROM partners WHERE id = $1`,
    [partnerId],
  );
  return rows[0] ?? null;
}

/** Sets the URL and the subscription; enabling or disabling is `enableWebhookEndpoint`/`disableWebhookEndpoint`. */
export async function setWebhookEndpoint(
  db: Queryable,
  partnerId: string,
  endpoint: { url: string | null; eventTypes: readonly string[] | null },
): Promise<void> {
  await db.query(`UPDATE partners SET webhook_url = $2, webhook_event_types = $3 WHERE id = $1`, [
    partnerId,
    endpoint.url,
    endpoint.eventTypes,
  ]);
}

/**
 * Locks the partner's row for the rest of the transaction: events whose aggregate is the partner (`webhook.test`)
 * take their sequence number under it, so two at once never race for one.
 */
export async function lockPartner(db: Queryable, partnerId: string): Promise<void> {
  await db.query(`SELECT 1 FROM partners WHERE id = $1 FOR UPDATE`, [partnerId]);
}
