import { Router } from 'express';
import { validated } from '@yv/domain';
import { partnerIdOf } from '../auth/partner-auth';
import { sendData } from '../http/envelope';
import type { WebhookEndpointService } from '../partners/webhook-endpoint';

export const PARTNER_WEBHOOK_ENDPOINT_PATH = '/api/v1/partner/webhook-endpoint';

/** The partner's own webhook endpoint: read, set (SSRF-checked), rotate the signing secret, send a test event. */
export function partnerWebhookEndpointRouter(deps: { webhookEndpoint: WebhookEndpointService }): Router {
  const router = Router();
  const endpoint = deps.webhookEndpoint;

  router.get(PARTNER_WEBHOOK_ENDPOINT_PATH, async (_req, res) => {
    sendData(res, await endpoint.read(partnerIdOf(res)), { updatedAt: new Date() });
  });

  router.put(PARTNER_WEBHOOK_ENDPOINT_PATH, async (req, res) => {
    const body = validated('WebhookEndpointRequest', req.body);
    sendData(res, await endpoint.set(partnerIdOf(res), body), { updatedAt: new Date() });
  });

  router.post(`${PARTNER_WEBHOOK_ENDPOINT_PATH}/secret`, async (req, res) => {
    // An empty body is allowed: every field has a default.
    const body = validated('WebhookSecretRotateRequest', req.body ?? {});
    const created = await endpoint.rotateSecret(partnerIdOf(res), body.overlapSeconds);
    sendData(res, created, { updatedAt: new Date() }, 201);
  });

  router.post(`${PARTNER_WEBHOOK_ENDPOINT_PATH}/test`, async (_req, res) => {
    const event = await endpoint.sendTest(partnerIdOf(res));
    sendData(res, { id: event.eventId }, { updatedAt: event.createdAt }, 201);
  });
  return router;
}
