/** `pnpm --filter indexer start`: follows the deployment's chain into Postgres and serves /metrics. */
import { checkContractsAtStart, createRpcEndpoints, vaultLayout } from '@yv/chain';
import { describeConfig, parseEnv, readDeployment, rpcEndpointsOf } from '@yv/config';
import { createPool, ensureDatabase, runMigrations } from '@yv/db';
import { createLog, runService, warnLostConnection } from '@yv/runtime';
import { indexerEnv } from './config';
import { createIndexer, INDEXER_RPC_TIMEOUT_MS } from './indexer';
import { createIndexerMetrics } from './metrics';

runService({
  async start() {
    const config = parseEnv(indexerEnv, process.env);
    const deployment = readDeployment(config.DEPLOYMENT_FILE);
    const log = createLog('indexer', config.LOG_LEVEL);
    log('info', 'starting', { config: describeConfig(indexerEnv, config), chainId: deployment.chainId });
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
    if (config.MIGRATE_ON_START) {
      await ensureDatabase(config.DATABASE_URL);
      await runMigrations({ databaseUrl: config.DATABASE_URL });
    }
    const pool = createPool(config.DATABASE_URL, {
      applicationName: 'yv-indexer',
      max: 5,
      onError: warnLostConnection(log),
    });
    const metrics = createIndexerMetrics();
    const rpc = createRpcEndpoints(rpcEndpointsOf(config), { timeoutMs: INDEXER_RPC_TIMEOUT_MS });
    metrics.rpcEndpoints.watch(() => rpc.health());
    const indexer = createIndexer({
      pool,
      databaseUrl: config.DATABASE_URL,
      transport: rpc,
      deployment,
      confirmations: config.CONFIRMATIONS,
      pollIntervalMs: config.POLL_INTERVAL_MS,
      maxBlockRange: config.MAX_BLOCK_RANGE,
      log,
      metrics,
    });
    indexer.start();
    return {
      log,
      metrics: { registry: metrics.registry, port: config.METRICS_PORT },
      // stop() lets the batch in flight commit (or roll back whole), then releases the advisory lock; a batch stuck
      // on the RPC is cut at the shutdown bound.
      async stop() {
        await indexer.stop();
        rpc.close();
        await pool.end();
      },
    };
  },
});
