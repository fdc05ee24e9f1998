import { ConfigError, readDeployment } from '@yv/config';
import { runMigrations } from '@yv/db';
import { metricsApp } from '@yv/metrics';
import { parseWatcherConfig } from './config';
import { createWatcher } from './watcher';

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
  if (config.MIGRATE_ON_START) await runMigrations({ databaseUrl: config.DATABASE_URL });
  const watcher = createWatcher({ config, deployment });
  let stopping = false;
  const server = metricsApp(watcher.metrics.service.registry, { isReady: () => !stopping }).listen(
    config.METRICS_PORT,
  );
  watcher.start();
  const shutdown = (): void => {
    stopping = true;
    server.close();
    watcher.stop().then(
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
