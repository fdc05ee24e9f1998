import { ConfigError } from '@yv/config';
import { metricsApp } from '@yv/metrics';
import { loadGatewayConfig } from './config';
import { createGatewayContext } from './context';
import { createGatewayApp } from './server';

/** Below Kubernetes' terminationGracePeriodSeconds (30 s). */
const SHUTDOWN_BOUND_MS = 25_000;
/**
 * How long the gateway keeps serving after SIGTERM with /readyz at 503, so load balancers that route by
 * readiness take it out of rotation before the listener closes and new connections are refused.
 */
const READINESS_GRACE_MS = 2_000;

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const ctx = await createGatewayContext(config);
  let draining = false;
  const app = createGatewayApp(ctx, { isReady: () => !draining });
  const server = app.listen(config.PORT, config.HOST, () =>
    ctx.log.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway listening'),
  );
  const metricsServer = metricsApp(ctx.metrics.registry, { isReady: () => !draining }).listen(
    config.METRICS_PORT,
    config.HOST,
    () => ctx.log.info({ port: config.METRICS_PORT }, 'metrics listening'),
  );
  // While draining every response closes its connection: a keep-alive client would otherwise hold the server
  // open, and a request sent on an idle socket at the moment it is closed would be reset unanswered.
  server.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('connection', 'close');
  });
  // SIGTERM: readiness turns 503 for the grace, then the server stops accepting connections and finishes the
  // requests it holds, then the receipt tracker finishes its current jobs (the others stay queued in Redis) and the
  // pools close; metrics are served until then. A stuck drain is cut at the bound.
  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    ctx.log.info({ signal, graceMs: READINESS_GRACE_MS }, 'gateway draining');
    setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS).unref();
    setTimeout(() => {
      server.close(() =>
        ctx.close().then(
          () => {
            metricsServer.close();
            ctx.log.info({ signal }, 'gateway stopped');
            process.exit(0);
          },
          (err: unknown) => {
            ctx.log.error({ err }, 'gateway stop failed');
            process.exit(1);
          },
        ),
      );
      server.closeIdleConnections();
    }, READINESS_GRACE_MS);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  // A bad config stops the service with the list of what is wrong, and nothing else.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
