import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@yv/schemas';
import { ApiError } from '../errors';

/** Rules of the partner's webhook endpoint settings (PUT /api/v1/partner/webhook-endpoint and its test event). */

/** `whsec_` and 8 base64 characters (48 of the 256 key bits): enough to tell secrets apart, too few to matter. */
const SECRET_PREFIX_LENGTH = 'whsec_'.length + 8;

export function webhookSecretPrefix(secret: string): string {
  return secret.slice(0, SECRET_PREFIX_LENGTH);
}

/** The stored subscription as the partner reads it: null (every type, later ones too) lists today's catalogue. */
export function subscribedEventTypes(stored: readonly string[] | null): WebhookEventType[] {
  return stored === null
    ? [...WEBHOOK_EVENT_TYPES]
    : WEBHOOK_EVENT_TYPES.filter((type) => stored.includes(type));
}

/** The `data` of a `webhook.test` event. */
export function webhookTestData(partnerId: string): { partnerId: string; message: string } {
  return { partnerId, message: 'A test event sent at your request; it changes nothing and needs no action.' };
}

/**
 * A test event is recorded only when it can go somewhere: an event for an endpoint that is unset or disabled would
 * never be delivered, and the partner asking for one wants to know that now.
 * @throws ApiError BAD_REQUEST saying what to change.
 */
export function checkTestDeliverable(endpoint: {
  url: string | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}): void {
  if (endpoint.url === null)
    throw new ApiError(
      'BAD_REQUEST',
      'no webhook URL is set: set one with PUT /api/v1/partner/webhook-endpoint',
    );
  if (endpoint.disabledAt !== null)
    throw new ApiError(
      'BAD_REQUEST',
      `the webhook endpoint is disabled (${endpoint.disabledReason ?? 'no reason recorded'}): PUT it with enabled true first`,
    );
}
