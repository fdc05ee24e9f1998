import { runMigrations } from '@yv/db';
import { runService, serviceLogger, toLog } from '@yv/runtime';
import { parseWebhookWorkerConfig } from './config';
import { createWebhookWorker } from './worker';

runService({
  async start() {
    const config = parseWebhookWorkerConfig(process.env);
    const log = serviceLogger('webhook-worker', config.LOG_LEVEL);
    if (config.MIGRATE_ON_START) await runMigrations({ databaseUrl: config.DATABASE_URL });
    const worker = createWebhookWorker({ config, log });
    worker.start();
    return {
      log: toLog(log),
      metrics: { registry: worker.metrics.service.registry, port: config.METRICS_PORT },
      // No new jobs are taken, deliveries in flight finish (a cut one stays in BullMQ and its outbox row pending, so
      // another worker delivers it; a delivery's own timeout is shorter than the shutdown bound), those of the jobs
      // held that have not begun go back to the queue, then the connections close.
      stop: () => worker.stop(),
    };
  },
});
