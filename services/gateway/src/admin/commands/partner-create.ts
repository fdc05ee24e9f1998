import { randomUUID } from 'node:crypto';
import { insertPartner, insertPartnerApiKey, insertWebhookSecret, withTransaction, type Pool } from '@yv/db';
import { issueApiKey, issueWebhookSecret } from '../../auth/keys';
import { AdminError } from '../errors';
import { checkWebhookUrl } from './webhook-url';

/** `partner create`: a partner with its first key and signing secret, both shown this once. */
export async function createPartner(
  pool: Pool,
  input: { name: string; webhookUrl?: string },
): Promise<{ partnerId: string; apiKey: string; webhookSecret: string }> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) throw new AdminError('--name must be 1 to 200 characters');
  const webhookUrl = input.webhookUrl === undefined ? null : checkWebhookUrl(input.webhookUrl);
  const partnerId = randomUUID();
  const apiKey = issueApiKey();
  const webhookSecret = issueWebhookSecret();
  await withTransaction(pool, async (client) => {
    await insertPartner(client, { id: partnerId, name, webhookUrl });
    await insertPartnerApiKey(client, {
      id: randomUUID(),
      partnerId,
      prefix: apiKey.prefix,
      keyHash: apiKey.hash,
    });
    await insertWebhookSecret(client, { id: randomUUID(), partnerId, secret: webhookSecret });
  });
  return { partnerId, apiKey: apiKey.key, webhookSecret };
}
