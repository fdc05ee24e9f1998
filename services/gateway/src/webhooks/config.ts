import { int, secret, webhookEventRetention, webhookRetrySchedule } from '@yv/config';

/** Environment of the cron endpoint and the partner's event log, spread into the gateway's spec. */
export const cronSpec = {
  /** Bearer secret of POST /api/cron/webhooks. Unset: the endpoint answers 401 to everyone. */
  CRON_SECRET: secret({ minLength: 32, optional: true }),
  /** The webhook worker's retry schedule: its length is the cron retry's `maxAttempts`. */
  WEBHOOK_RETRY_SCHEDULE: webhookRetrySchedule,
  /** The worker's event retention: how far back a bulk redelivery may go. */
  WEBHOOK_EVENT_RETENTION: webhookEventRetention,
  /** Events one bulk redelivery call takes at most; the answer's `nextSince` goes on. */
  WEBHOOK_REDELIVER_BATCH: int({ default: 1_000, min: 1, max: 10_000 }),
  /** Pace of a bulk redelivery: its events become due this many per second, not all at once. */
  WEBHOOK_REDELIVER_PER_SECOND: int({ default: 10, min: 1, max: 1_000 }),
};
