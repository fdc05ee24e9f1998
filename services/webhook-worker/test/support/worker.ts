import type { Pool } from '@yv/db';
import pino, { type Logger } from 'pino';
import { parseWebhookWorkerConfig } from '../../src/config';
import { createWebhookWorker, type WebhookWorker } from '../../src/worker';

/**
 * A worker on the test's database, tuned for tests: short timeout and backoff, fast loops, local receivers. `env`
 * overrides any of it; it logs nothing unless given a `log`.
 */
export function testWorker(
  db: { pool: Pool; url: string },
  redis: { url: string; bullmqPrefix: string },
  env: Record<string, string> = {},
  log: Logger = pino({ level: 'silent' }),
): WebhookWorker {
  const config = parseWebhookWorkerConfig({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.bullmqPrefix,
    WEBHOOK_TIMEOUT_MS: '500ms',
    // Three attempts, 50 ms then 100 ms apart: the default schedule's shape, in milliseconds.
    WEBHOOK_RETRY_SCHEDULE: '0s,50ms,100ms',
    WEBHOOK_CONCURRENCY: '8',
    OUTBOX_POLL_MS: '20ms',
    WEBHOOK_SWEEP_MS: '200ms',
    METRICS_REFRESH_MS: '100ms',
    LOG_LEVEL: 'error',
    // The receivers listen on 127.0.0.1: the SSRF policy's loopback refusal is tested by overriding this.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    ...env,
  });
  return createWebhookWorker({ config, pool: db.pool, log });
}
