import {
  bool,
  common,
  duration,
  int,
  parseEnv,
  port,
  string,
  webhookEventRetention,
  webhookRetrySchedule,
  type ConfigOf,
  type Env,
} from '@yv/config';

/** Every variable the webhook worker reads, with its default. Durations accept 1500, 1500ms, 30s, 5m, 2h. */
export const webhookWorkerEnv = {
  ...common,
  /** BullMQ key prefix (BullMQ adds its own colon); the gateway's cron retry uses the same one. */
  QUEUE_PREFIX: string({ default: 'yv' }),
  /** One attempt's whole HTTP exchange; a slower receiver counts as a failed attempt. */
  WEBHOOK_TIMEOUT_MS: duration({ default: 10_000, minMs: 100, maxMs: 120_000 }),
  /**
   * Deliveries may go to loopback, private and reserved addresses (dev stacks, tests); never to link-local or cloud
   * metadata ones. Checked on the address each attempt connects to; the gateway's value must match.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool({ default: false }),
  /** The retry schedule: each attempt's wait after the previous one failed; its length is the attempts. */
  WEBHOOK_RETRY_SCHEDULE: webhookRetrySchedule,
  /** How long events, their deliveries and attempts are kept. */
  WEBHOOK_EVENT_RETENTION: webhookEventRetention,
  /** An endpoint failing every delivery for this long is disabled. */
  WEBHOOK_DISABLE_AFTER: duration({ default: 432_000_000, minMs: 1_000, maxMs: 2_592_000_000 }),
  /** How often old events are pruned and failing endpoints disabled. */
  WEBHOOK_MAINTENANCE_MS: duration({ default: 60_000, minMs: 50, maxMs: 3_600_000 }),
  /** Deliveries in flight at once per worker process; a slow receiver holds one slot for at most the timeout. */
  WEBHOOK_CONCURRENCY: int({ default: 50, min: 1, max: 1_000 }),
  /**
   * Attempts in flight to one endpoint (0: only WEBHOOK_CONCURRENCY); hanging and slow endpoints share half of
   * WEBHOOK_CONCURRENCY, a hanging one with a single attempt (docs/webhooks.md#noisy-receivers).
   */
  WEBHOOK_ENDPOINT_CONCURRENCY: int({ default: 0, min: 0, max: 1_000 }),
  /** How often the relay looks for outbox rows when the last pass found none. */
  OUTBOX_POLL_MS: duration({ default: 500, minMs: 10, maxMs: 60_000 }),
  /** Outbox rows one relay statement takes. */
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
