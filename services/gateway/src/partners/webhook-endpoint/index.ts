import type { Pool } from '@yv/db';
import { webhookSecretPrefix, type WebhookUrlPolicy } from '@yv/domain';
import type { SchemaValue } from '@yv/schemas';
import { readWebhookEndpoint } from './read-endpoint';
import { rotateWebhookSecret } from './rotate-secret';
import { sendTestEvent } from './send-test-event';
import { setPartnerWebhookEndpoint } from './set-endpoint';

/** The partner-webhook-endpoint route group's service: its use cases bound to the pool and the URL policy. */
export function createWebhookEndpointService(deps: { pool: Pool; urlPolicy: WebhookUrlPolicy }) {
  return {
    read: (partnerId: string) => readWebhookEndpoint(deps.pool, partnerId),
    set: (partnerId: string, request: SchemaValue<'WebhookEndpointRequest'>) =>
      setPartnerWebhookEndpoint(deps, partnerId, request),
    /** The new secret as the API shows it once (WebhookSecretCreated). */
    async rotateSecret(partnerId: string, overlapSeconds: number) {
      const rotated = await rotateWebhookSecret(deps.pool, { partnerId, graceHours: overlapSeconds / 3_600 });
      return {
        secret: rotated.webhookSecret,
        prefix: webhookSecretPrefix(rotated.webhookSecret),
        previousSecretsExpireAt: rotated.previousSecretsExpireAt,
      };
    },
    sendTest: (partnerId: string) => sendTestEvent(deps.pool, partnerId),
  };
}

export type WebhookEndpointService = ReturnType<typeof createWebhookEndpointService>;
