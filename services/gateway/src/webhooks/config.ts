import { int, secret } from '@yv/config';

/** Environment of the cron endpoint, spread into the gateway's spec. */
export const cronSpec = {
  /** Bearer secret of POST /api/cron/webhooks. Unset: the endpoint answers 401 to everyone. */
  CRON_SECRET: secret({ minLength: 32, optional: true }),
  /** Attempts a webhook delivery gets in total; the same value the webhook worker reads. */
  WEBHOOK_MAX_ATTEMPTS: int({ default: 8, min: 1, max: 100 }),
};
