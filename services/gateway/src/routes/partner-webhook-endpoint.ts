import { Router } from 'express';
import {
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  findWebhookEndpoint,
  insertOutboxEvent,
  listActiveWebhookSecrets,
  lockPartner,
  setWebhookEndpoint,
  withTransaction,
  type Pool,
} from '@yv/db';
import {
  checkTestDeliverable,
  subscribedEventTypes,
  validated,
  webhookSecretPrefix,
  webhookTestData,
  type WebhookUrlPolicy,
} from '@yv/domain';
import type { WebhookEventType } from '@yv/schemas';
import { rotateWebhookSecret } from '../admin/commands';
import { partnerAuth, partnerIdOf } from '../auth/partner-auth';
import { sendData } from '../http/envelope';
import { allowedWebhookUrl } from '../webhooks/url-check';

export const PARTNER_WEBHOOK_ENDPOINT_PATH = '/api/v1/partner/webhook-endpoint';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

interface EndpointRequest {
  url: string | null;
  enabled: boolean;
  eventTypes?: WebhookEventType[];
}

/** The WebhookEndpoint of a partner: never a secret, only each active secret's prefix. */
async function endpointJson(pool: Pool, partnerId: string) {
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

/** The partner's own webhook endpoint: read, set (SSRF-checked), rotate the signing secret, send a test event. */
export function partnerWebhookEndpointRouter(deps: { pool: Pool; urlPolicy: WebhookUrlPolicy }): Router {
  const router = Router();
  const { pool } = deps;
  router.use(PARTNER_WEBHOOK_ENDPOINT_PATH, partnerAuth(pool));

  router.get(PARTNER_WEBHOOK_ENDPOINT_PATH, async (_req, res) => {
    sendData(res, await endpointJson(pool, partnerIdOf(res)), { updatedAt: new Date() });
  });

  router.put(PARTNER_WEBHOOK_ENDPOINT_PATH, async (req, res) => {
    const partnerId = partnerIdOf(res);
    const body = validated<EndpointRequest>('WebhookEndpointRequest', req.body);
    // Every check, DNS included, before anything is written: a refused URL changes nothing.
    const url = body.url === null ? null : await allowedWebhookUrl(body.url, deps.urlPolicy);
    await withTransaction(pool, async (client) => {
      await setWebhookEndpoint(client, partnerId, { url, eventTypes: body.eventTypes ?? null });
      if (body.enabled) await enableWebhookEndpoint(client, partnerId);
      else await disableWebhookEndpoint(client, partnerId, 'disabled by the partner');
    });
    sendData(res, await endpointJson(pool, partnerId), { updatedAt: new Date() });
  });

  router.post(`${PARTNER_WEBHOOK_ENDPOINT_PATH}/secret`, async (req, res) => {
    // An empty body is allowed: every field has a default.
    const body = validated<{ overlapSeconds: number }>('WebhookSecretRotateRequest', req.body ?? {});
    const rotated = await rotateWebhookSecret(pool, {
      partnerId: partnerIdOf(res),
      graceHours: body.overlapSeconds / 3_600,
    });
    const data = {
      secret: rotated.webhookSecret,
      prefix: webhookSecretPrefix(rotated.webhookSecret),
      previousSecretsExpireAt: rotated.previousSecretsExpireAt,
    };
    sendData(res, data, { updatedAt: new Date() }, 201);
  });

  router.post(`${PARTNER_WEBHOOK_ENDPOINT_PATH}/test`, async (_req, res) => {
    const partnerId = partnerIdOf(res);
    const event = await withTransaction(pool, async (client) => {
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
    sendData(res, { id: event.eventId }, { updatedAt: event.createdAt }, 201);
  });
  return router;
}
