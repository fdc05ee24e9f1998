import { enableWebhookEndpoint, setPartnerWebhookUrl, type Pool } from '@yv/db';
import { requirePartner } from './require-partner';
import { checkWebhookUrl } from './webhook-url';

/** `webhook set`: the partner's URL, its endpoint enabled again. */
export async function setWebhook(
  pool: Pool,
  input: { partnerId: string; url: string },
): Promise<{ partnerId: string; webhookUrl: string }> {
  const webhookUrl = checkWebhookUrl(input.url);
  await requirePartner(pool, input.partnerId);
  await setPartnerWebhookUrl(pool, input.partnerId, webhookUrl);
  // Setting the URL again is how an operator re-enables an endpoint a 410 disabled.
  await enableWebhookEndpoint(pool, input.partnerId);
  return { partnerId: input.partnerId, webhookUrl };
}
