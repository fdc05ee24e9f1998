import type { Queryable } from '../queryable';

/** Why an endpoint is disabled when its receiver answered 410 (recordDeliveryAttempts disables it). */
export const GONE_REASON = 'the receiver answered 410 Gone';

/** No delivery is attempted again until `enableWebhookEndpoint`. */
export async function disableWebhookEndpoint(
  db: Queryable,
  partnerId: string,
  reason = GONE_REASON,
): Promise<void> {
  await db.query(
    `UPDATE partners SET webhook_disabled_at = now(), webhook_disabled_reason = $2
      WHERE id = $1 AND webhook_disabled_at IS NULL`,
    [partnerId, reason],
  );
}

/**
 * The endpoint was set or enabled (`pnpm admin webhook set`, the partner's PUT): it takes deliveries again, and the
 * auto-disable counts failures from now on only.
 */
export async function enableWebhookEndpoint(db: Queryable, partnerId: string): Promise<void> {
  await db.query(
    `UPDATE partners SET webhook_disabled_at = NULL, webhook_disabled_reason = NULL, webhook_enabled_at = now()
      WHERE id = $1`,
    [partnerId],
  );
}

export async function isWebhookEndpointDisabled(db: Queryable, partnerId: string): Promise<boolean> {
  const { rows } = await db.query<{ disabled: boolean }>(
    `SELECT webhook_disabled_at IS NOT NULL AS disabled FROM partners WHERE id = $1`,
    [partnerId],
  );
  return rows[0]?.disabled ?? false;
}

/**
 * Secret rotation: every secret of the partner still valid after `expiresAt` now ends at `expiresAt` (never later
 * than it already would). Call before inserting the new secret, in one transaction; until `expiresAt` both sign.
 * @returns how many secrets got the new end.
 */
export async function expireWebhookSecrets(
  db: Queryable,
  partnerId: string,
  expiresAt: Date,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE webhook_secrets SET expires_at = $2
      WHERE partner_id = $1 AND (expires_at IS NULL OR expires_at > $2)`,
    [partnerId, expiresAt],
  );
  return rowCount ?? 0;
}
