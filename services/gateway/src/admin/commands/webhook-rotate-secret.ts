import type { Pool } from '@yv/db';
import { rotateWebhookSecret as rotateSecret } from '../../partners/webhook-endpoint/rotate-secret';
import { asOperator } from '../errors';

/** `webhook rotate-secret`: the partner API's rotation; the current secrets sign `graceHours` more (0: none). */
export function rotateWebhookSecret(
  pool: Pool,
  input: { partnerId: string; graceHours: number; now?: Date },
): Promise<{ partnerId: string; webhookSecret: string; previousSecretsExpireAt: string }> {
  return asOperator(() => rotateSecret(pool, input));
}
