import { common, duration, int, parseEnv, port, string, type ConfigOf, type Env } from '@yv/config';

/** Every variable the webhook worker reads, with its default. Durations accept 1500, 1500ms, 30s, 5m, 2h. */
export const webhookWorkerEnv = {
  ...common,
  /** BullMQ key prefix (BullMQ adds its own colon); the gateway's cron retry uses the same one. */
  QUEUE_PREFIX: string({ default: 'yv' }),
  /** One attempt's whole HTTP exchange; a slower receiver counts as a failed attempt. */
  WEBHOOK_TIMEOUT_MS: duration({ default: 10_000, minMs: 100, maxMs: 120_000 }),
  /** Attempts a delivery gets in total, across cron re-enqueues (the cron retry's `maxAttempts`). */
  WEBHOOK_MAX_ATTEMPTS: int({ default: 8, min: 1, max: 100 }),
  /** Attempts one queue job makes (with backoff) before the delivery is `failed` and waits for the cron retry. */
  WEBHOOK_QUEUE_ATTEMPTS: int({ default: 4, min: 1, max: 100 }),
  /** Backoff after the first failed attempt; doubles per attempt, with jitter. */
  WEBHOOK_BACKOFF_MS: duration({ default: 10_000, minMs: 10, maxMs: 3_600_000 }),
  /** Longest backoff, and the most a receiver's Retry-After can ask for. */
  WEBHOOK_BACKOFF_MAX_MS: duration({ default: 600_000, minMs: 10, maxMs: 86_400_000 }),
  /** Deliveries in flight at once per worker process; a slow receiver holds one slot for at most the timeout. */
  WEBHOOK_CONCURRENCY: int({ default: 50, min: 1, max: 1_000 }),
  /** How often the relay looks for outbox rows when the last pass found none. */
  OUTBOX_POLL_MS: duration({ default: 500, minMs: 10, maxMs: 60_000 }),
  /** Outbox rows one relay transaction takes. */
  OUTBOX_BATCH: int({ default: 500, min: 1, max: 10_000 }),
  /** How often deliveries that should have a job (Redis lost it, or was down at enqueue) are enqueued again. */
  WEBHOOK_SWEEP_MS: duration({ default: 10_000, minMs: 50, maxMs: 3_600_000 }),
  /** How often queue depth and outbox backlog gauges are refreshed. */
  METRICS_REFRESH_MS: duration({ default: 5_000, minMs: 50, maxMs: 300_000 }),
  METRICS_PORT: port({ default: 9103 }),
};

export type WebhookWorkerConfig = ConfigOf<typeof webhookWorkerEnv>;

/** @throws ConfigError listing every bad variable. */
export function parseWebhookWorkerConfig(env: Env): WebhookWorkerConfig {
  return parseEnv(webhookWorkerEnv, env);
}
