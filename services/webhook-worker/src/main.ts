import { ConfigError } from '@yv/config';
import { runMigrations } from '@yv/db';
import { metricsApp } from '@yv/metrics';
import { parseWebhookWorkerConfig, type WebhookWorkerConfig } from './config';
import { createWebhookWorker } from './worker';

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
  if (config.MIGRATE_ON_START) await runMigrations({ databaseUrl: config.DATABASE_URL });
  const worker = createWebhookWorker({ config });
  const server = metricsApp(worker.metrics.service.registry).listen(config.METRICS_PORT);
  worker.start();
  const shutdown = (): void => {
    server.close();
    worker.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
