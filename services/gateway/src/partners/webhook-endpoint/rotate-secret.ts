import { randomUUID } from 'node:crypto';
import { expireWebhookSecrets, insertWebhookSecret, withTransaction, type Pool } from '@yv/db';
import { issueWebhookSecret } from '../../auth/keys';
import { graceEnd } from '../grace';
import { requirePartner } from '../require-partner';

/**
 * A new webhook signing secret; the partner's current secrets keep signing for `graceHours` more (0 ends them now),
 * so every delivery in the grace period carries a signature of each and the partner can switch at any moment. The
 * operator's `webhook rotate-secret` and the partner's POST /api/v1/partner/webhook-endpoint/secret.
 */
export async function rotateWebhookSecret(
  pool: Pool,
  input: { partnerId: string; graceHours: number; now?: Date },
): Promise<{ partnerId: string; webhookSecret: string; previousSecretsExpireAt: string }> {
  const expiresAt = graceEnd(input.graceHours, input.now ?? new Date());
  const webhookSecret = issueWebhookSecret();
  await withTransaction(pool, async (client) => {
    await requirePartner(client, input.partnerId);
    await expireWebhookSecrets(client, input.partnerId, expiresAt);
    await insertWebhookSecret(client, {
      id: randomUUID(),
      partnerId: input.partnerId,
      secret: webhookSecret,
    });
  });
  return { partnerId: input.partnerId, webhookSecret, previousSecretsExpireAt: expiresAt.toISOString() };
}
