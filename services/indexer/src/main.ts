/** `pnpm --filter indexer start`: follows the deployment's chain into Postgres and serves /metrics. */
import { ConfigError, describeConfig, parseEnv, readDeployment } from '@yv/config';
import { createPool, ensureDatabase, runMigrations } from '@yv/db';
import { metricsApp } from '@yv/metrics';
import { indexerEnv } from './config';
import { createIndexer } from './indexer';
import { createLogger } from './log';
import { createIndexerMetrics } from './metrics';

/** Below Kubernetes' terminationGracePeriodSeconds (30 s): a batch stuck on the RPC is cut here. */
const SHUTDOWN_BOUND_MS = 25_000;

async function main(): Promise<void> {
  const config = parseEnv(indexerEnv, process.env);
  const deployment = readDeployment(config.DEPLOYMENT_FILE);
  const log = createLogger(config.LOG_LEVEL);
  log('info', 'starting', { config: describeConfig(indexerEnv, config), chainId: deployment.chainId });
  if (config.MIGRATE_ON_START) {
    await ensureDatabase(config.DATABASE_URL);
    await runMigrations({ databaseUrl: config.DATABASE_URL });
  }
  const pool = createPool(config.DATABASE_URL, { applicationName: 'yv-indexer', max: 5 });
  const metrics = createIndexerMetrics();
  const indexer = createIndexer({
    pool,
    databaseUrl: config.DATABASE_URL,
    rpcUrl: config.RPC_URL,
    deployment,
    confirmations: config.CONFIRMATIONS,
    pollIntervalMs: config.POLL_INTERVAL_MS,
    maxBlockRange: config.MAX_BLOCK_RANGE,
    log,
    metrics,
  });
  let stopping = false;
  const server = metricsApp(metrics.registry, { isReady: () => !stopping }).listen(config.METRICS_PORT, () =>
    log('info', 'metrics listening', { port: config.METRICS_PORT }),
  );
  indexer.start();
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    log('info', 'stopping', { signal });
    stopping = true;
    setTimeout(() => {
      log('error', 'shutdown bound exceeded', { boundMs: SHUTDOWN_BOUND_MS });
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    // stop() lets the batch in flight commit (or roll back whole), then releases the advisory lock.
    await indexer.stop();
    server.close();
    await pool.end();
    log('info', 'stopped', { signal });
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // A ConfigError already lists every bad variable; its stack would only bury them.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
