import type { Queryable } from '../queryable';

export interface WebhookSecretRow {
  id: string;
  secret: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export async function insertWebhookSecret(
  db: Queryable,
  secret: { id: string; partnerId: string; secret: string },
): Promise<void> {
  await db.query(`INSERT INTO webhook_secrets (id, partner_id, secret) VALUES ($1, $2, $3)`, [
    secret.id,
    secret.partnerId,
    secret.secret,
  ]);
}

/** Secrets to sign with, newest first (several during a rotation). */
export async function listActiveWebhookSecrets(
  db: Queryable,
  partnerId: string,
): Promise<WebhookSecretRow[]> {
  const { rows } = await db.query<WebhookSecretRow>(
    `SELECT id, secret, created_at AS "createdAt", expires_at AS "expiresAt" FROM webhook_secrets
      WHERE partner_id = $1 AND (expires_at IS NULL OR expires_at > now())
      ORDER BY created_at DESC, id`,
    [partnerId],
  );
  return rows;
}
