import {
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  setWebhookEndpoint,
  withTransaction,
  type Pool,
} from '@yv/db';
import type { WebhookUrlPolicy } from '@yv/domain';
import type { SchemaValue } from '@yv/schemas';
import { allowedWebhookUrl } from '../../webhooks/url-check';
import { readWebhookEndpoint, type WebhookEndpointJson } from './read-endpoint';

/** The partner's whole endpoint setting (PUT): URL (SSRF-checked), subscription, enabled; answers the endpoint. */
export async function setPartnerWebhookEndpoint(
  deps: { pool: Pool; urlPolicy: WebhookUrlPolicy },
  partnerId: string,
  request: SchemaValue<'WebhookEndpointRequest'>,
): Promise<WebhookEndpointJson> {
  // Every check, DNS included, before anything is written: a refused URL changes nothing.
  const url = request.url === null ? null : await allowedWebhookUrl(request.url, deps.urlPolicy);
  await withTransaction(deps.pool, async (client) => {
    await setWebhookEndpoint(client, partnerId, { url, eventTypes: request.eventTypes ?? null });
    if (request.enabled) await enableWebhookEndpoint(client, partnerId);
    else await disableWebhookEndpoint(client, partnerId, 'disabled by the partner');
  });
  return readWebhookEndpoint(deps.pool, partnerId);
}
