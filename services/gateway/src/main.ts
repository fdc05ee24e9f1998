import { ConfigError } from '@yv/config';
import { loadGatewayConfig } from './config';
import { createGatewayContext } from './context';
import { createGatewayApp } from './server';

/** Below Kubernetes' terminationGracePeriodSeconds (30 s). */
const SHUTDOWN_BOUND_MS = 25_000;

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const ctx = await createGatewayContext(config);
  let draining = false;
  const app = createGatewayApp(ctx, { isReady: () => !draining });
  const server = app.listen(config.PORT, config.HOST, () =>
    ctx.log.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway listening'),
  );
  // SIGTERM: readiness turns 503, the server stops accepting connections and finishes the requests it holds,
  // then the receipt tracker finishes its current jobs and the pools close. A stuck drain is cut at the bound.
  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    ctx.log.info({ signal }, 'gateway draining');
    setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS).unref();
    server.close(() => void ctx.close().then(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  // A bad config stops the service with the list of what is wrong, and nothing else.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
