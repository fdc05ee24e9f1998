import type { Pool } from '@yv/db';
import pino from 'pino';
import { parseWebhookWorkerConfig } from '../../src/config';
import { createWebhookWorker, type WebhookWorker } from '../../src/worker';

/** A worker tuned for tests: short timeout and backoff, fast loops. `env` overrides any of it. */
export function testWorker(
  pool: Pool,
  redis: { url: string; bullmqPrefix: string },
  env: Record<string, string> = {},
): WebhookWorker {
  const config = parseWebhookWorkerConfig({
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.bullmqPrefix,
    WEBHOOK_TIMEOUT_MS: '500ms',
    WEBHOOK_BACKOFF_MS: '50ms',
    WEBHOOK_BACKOFF_MAX_MS: '5s',
    WEBHOOK_QUEUE_ATTEMPTS: '3',
    WEBHOOK_MAX_ATTEMPTS: '5',
    WEBHOOK_CONCURRENCY: '8',
    OUTBOX_POLL_MS: '20ms',
    WEBHOOK_SWEEP_MS: '200ms',
    METRICS_REFRESH_MS: '100ms',
    LOG_LEVEL: 'error',
    ...env,
  });
  return createWebhookWorker({ config, pool, log: pino({ level: 'silent' }) });
}
