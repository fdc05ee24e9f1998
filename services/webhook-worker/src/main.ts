import pino from 'pino';
import { ConfigError } from '@yv/config';
import { runMigrations } from '@yv/db';
import { metricsApp } from '@yv/metrics';
import { parseWebhookWorkerConfig, type WebhookWorkerConfig } from './config';
import { createWebhookWorker } from './worker';

/** Below Kubernetes' terminationGracePeriodSeconds (30 s); a delivery's own timeout is shorter still. */
const SHUTDOWN_BOUND_MS = 25_000;

async function main(): Promise<void> {
  let config: WebhookWorkerConfig;
  try {
    config = parseWebhookWorkerConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // A bad config stops the worker with the list of what is wrong, and nothing else.
    console.error(error.message);
    process.exit(1);
  }
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'webhook-worker' } });
  if (config.MIGRATE_ON_START) await runMigrations({ databaseUrl: config.DATABASE_URL });
  const worker = createWebhookWorker({ config, log });
  let stopping = false;
  const server = metricsApp(worker.metrics.service.registry, { isReady: () => !stopping }).listen(
    config.METRICS_PORT,
    () => log.info({ port: config.METRICS_PORT }, 'metrics listening'),
  );
  worker.start();
  // SIGTERM: no new jobs are taken, deliveries in flight finish (a cut one stays in BullMQ and the outbox row
  // stays pending, so another worker delivers it), then the connections close.
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS).unref();
    server.close();
    worker.stop().then(
      () => {
        log.info({ signal }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
