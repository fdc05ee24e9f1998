import { findWebhookEndpoint, listActiveWebhookSecrets, type Pool } from '@yv/db';
import { subscribedEventTypes, webhookSecretPrefix } from '@yv/domain';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The WebhookEndpoint of a partner: never a secret, only each active secret's prefix. */
export async function readWebhookEndpoint(pool: Pool, partnerId: string) {
  const [endpoint, secrets] = await Promise.all([
    findWebhookEndpoint(pool, partnerId),
    listActiveWebhookSecrets(pool, partnerId),
  ]);
  if (!endpoint) throw new Error(`authenticated partner ${partnerId} has no row`);
  return {
    url: endpoint.url,
    enabled: endpoint.disabledAt === null,
    eventTypes: subscribedEventTypes(endpoint.eventTypes),
    disabledAt: iso(endpoint.disabledAt),
    disabledReason: endpoint.disabledReason,
    secrets: secrets.map((secret) => ({
      prefix: webhookSecretPrefix(secret.secret),
      createdAt: secret.createdAt.toISOString(),
      expiresAt: iso(secret.expiresAt),
    })),
  };
}

export type WebhookEndpointJson = Awaited<ReturnType<typeof readWebhookEndpoint>>;
