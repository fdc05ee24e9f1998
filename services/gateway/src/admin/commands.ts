import { randomUUID } from 'node:crypto';
import {
  clearPartnerRateLimit,
  enableWebhookEndpoint,
  expirePartnerApiKeys,
  expireWebhookSecrets,
  findPartner,
  insertPartner,
  insertPartnerApiKey,
  insertWebhookSecret,
  revokePartnerApiKey,
  setPartnerRateLimit,
  setPartnerWebhookUrl,
  withTransaction,
  type Pool,
} from '@yv/db';
import { issueApiKey, issueWebhookSecret } from '../auth/keys';

/** Operator commands behind `pnpm admin`. Each returns the JSON the CLI prints; the key appears only there, once. */

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

export const DEFAULT_GRACE_HOURS = 24;

export function checkWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AdminError(`webhook URL "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new AdminError(`webhook URL must be http(s), got ${parsed.protocol}`);
  return parsed.toString();
}

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

/** A new key; the partner's current keys stay valid for `graceHours` more (0 ends them now). */
export async function rotateKey(
  pool: Pool,
  input: { partnerId: string; graceHours: number; now?: Date },
): Promise<{
  partnerId: string;
  apiKey: string;
  keyPrefix: string;
  createdAt: string;
  previousKeysExpireAt: string;
}> {
  if (!Number.isFinite(input.graceHours) || input.graceHours < 0 || input.graceHours > 24 * 90)
    throw new AdminError('--grace-hours must be a number from 0 to 2160 (90 days)');
  const apiKey = issueApiKey();
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.graceHours * 3_600_000);
  const createdAt = await withTransaction(pool, async (client) => {
    await requirePartner(client, input.partnerId);
    await expirePartnerApiKeys(client, input.partnerId, expiresAt);
    return insertPartnerApiKey(client, {
      id: randomUUID(),
      partnerId: input.partnerId,
      prefix: apiKey.prefix,
      keyHash: apiKey.hash,
    });
  });
  return {
    partnerId: input.partnerId,
    apiKey: apiKey.key,
    keyPrefix: apiKey.prefix,
    createdAt: createdAt.toISOString(),
    previousKeysExpireAt: expiresAt.toISOString(),
  };
}

export async function revokeKey(
  pool: Pool,
  input: { partnerId: string; keyPrefix: string },
): Promise<{ partnerId: string; keyPrefix: string; revoked: true }> {
  await requirePartner(pool, input.partnerId);
  if (!(await revokePartnerApiKey(pool, input.partnerId, input.keyPrefix)))
    throw new AdminError(`partner ${input.partnerId} has no unrevoked key with prefix ${input.keyPrefix}`);
  return { partnerId: input.partnerId, keyPrefix: input.keyPrefix, revoked: true };
}

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

/**
 * A new webhook signing secret; the partner's current secrets keep signing for `graceHours` more (0 ends them now),
 * so every delivery in the grace period carries a signature of each and the partner can switch at any moment.
 */
export async function rotateWebhookSecret(
  pool: Pool,
  input: { partnerId: string; graceHours: number; now?: Date },
): Promise<{ partnerId: string; webhookSecret: string; previousSecretsExpireAt: string }> {
  if (!Number.isFinite(input.graceHours) || input.graceHours < 0 || input.graceHours > 24 * 90)
    throw new AdminError('--grace-hours must be a number from 0 to 2160 (90 days)');
  const webhookSecret = issueWebhookSecret();
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.graceHours * 3_600_000);
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

/** Highest per-minute budget an operator can give: RATE_LIMIT_PARTNER_PER_MINUTE's own bound. */
const MAX_PER_MINUTE = 1_000_000;

/** A partner's own budget on the partner routes; gateways apply it within RATE_LIMIT_OVERRIDE_CACHE_MS. 0: unlimited. */
export async function setRateLimit(
  pool: Pool,
  input: { partnerId: string; perMinute: number },
): Promise<{ partnerId: string; perMinute: number }> {
  if (!Number.isSafeInteger(input.perMinute) || input.perMinute < 0 || input.perMinute > MAX_PER_MINUTE)
    throw new AdminError(`--per-minute must be an integer from 0 (unlimited) to ${MAX_PER_MINUTE}`);
  await requirePartner(pool, input.partnerId);
  await setPartnerRateLimit(pool, input.partnerId, input.perMinute);
  return { partnerId: input.partnerId, perMinute: input.perMinute };
}

/** Back to the gateway's default budget. */
export async function clearRateLimit(
  pool: Pool,
  input: { partnerId: string },
): Promise<{ partnerId: string; cleared: boolean }> {
  await requirePartner(pool, input.partnerId);
  return { partnerId: input.partnerId, cleared: await clearPartnerRateLimit(pool, input.partnerId) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function requirePartner(db: Parameters<typeof findPartner>[0], partnerId: string): Promise<void> {
  if (!UUID.test(partnerId) || !(await findPartner(db, partnerId)))
    throw new AdminError(`no partner with id ${partnerId}`);
}
