import { checkContractsAtStart, vaultLayout } from '@yv/chain';
import { readDeployment, rpcEndpointsOf } from '@yv/config';
import { runMigrations } from '@yv/db';
import { createLog, runService } from '@yv/runtime';
import { parseWatcherConfig } from './config';
import { createWatcher } from './watcher';

runService({
  async start() {
    const config = parseWatcherConfig(process.env);
    const deployment = readDeployment(config.DEPLOYMENT_FILE);
    const log = createLog('watcher', config.LOG_LEVEL);
    const layout = vaultLayout(deployment);
    await checkContractsAtStart({
      endpoints: rpcEndpointsOf(config),
      layout,
      log,
      onLateMismatch: (err) => {
        log('error', err.message);
        process.exit(1);
      },
    });
    if (config.MIGRATE_ON_START) await runMigrations({ databaseUrl: config.DATABASE_URL });
    const watcher = createWatcher({ config, deployment, log });
    watcher.start();
    return {
      log,
      metrics: { registry: watcher.metrics.service.registry, port: config.METRICS_PORT },
      // The step in flight finishes, the writer lock is released and the pools close.
      stop: () => watcher.stop(),
    };
  },
});
