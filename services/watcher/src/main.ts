import { ConfigError, readDeployment } from '@yv/config';
import { runMigrations } from '@yv/db';
import { metricsApp } from '@yv/metrics';
import { parseWatcherConfig } from './config';
import { createWatcherLog } from './log';
import { createWatcher } from './watcher';

/** Below Kubernetes' terminationGracePeriodSeconds (30 s). */
const SHUTDOWN_BOUND_MS = 25_000;

async function main(): Promise<void> {
  let config;
  let deployment;
  try {
    config = parseWatcherConfig(process.env);
    deployment = readDeployment(config.DEPLOYMENT_FILE);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const log = createWatcherLog(config.LOG_LEVEL);
  if (config.MIGRATE_ON_START) await runMigrations({ databaseUrl: config.DATABASE_URL });
  const watcher = createWatcher({ config, deployment, log });
  let stopping = false;
  const server = metricsApp(watcher.metrics.service.registry, { isReady: () => !stopping }).listen(
    config.METRICS_PORT,
    () => log('info', 'metrics listening', { port: config.METRICS_PORT }),
  );
  watcher.start();
  // SIGTERM: readiness turns 503, the step in flight finishes, the writer lock is released and the pools close.
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping', { signal });
    setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS).unref();
    server.close();
    watcher.stop().then(
      () => {
        log('info', 'stopped', { signal });
        process.exit(0);
      },
      (error: unknown) => {
        log('error', 'stop failed', { error: String(error) });
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
