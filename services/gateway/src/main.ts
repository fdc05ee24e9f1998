import type { Server } from 'node:http';
import { checkContractsAtStart } from '@yv/chain';
import { rpcEndpointsOf } from '@yv/config';
import { runService, toLog } from '@yv/runtime';
import { loadGatewayConfig } from './config';
import { createGatewayContext } from './context';
import { createGatewayApp } from './server';

/**
 * How long the gateway keeps serving after SIGTERM with /readyz at 503, so load balancers that route by
 * readiness take it out of rotation before the listener closes and new connections are refused.
 */
const READINESS_GRACE_MS = 2_000;

/** Stops accepting connections and resolves once the requests the server holds are answered. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

runService({
  readinessGraceMs: READINESS_GRACE_MS,
  async start(service) {
    const config = loadGatewayConfig(process.env);
    const ctx = await createGatewayContext(config);
    await checkContractsAtStart({
      endpoints: rpcEndpointsOf(config),
      layout: ctx.layout,
      log: toLog(ctx.log),
      onLateMismatch: (err) => {
        ctx.log.fatal(err.message);
        process.exit(1);
      },
    });
    const app = createGatewayApp(ctx, { isReady: () => !service.draining() });
    const server = app.listen(config.PORT, config.HOST, () =>
      ctx.log.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway listening'),
    );
    // While draining every response closes its connection: a keep-alive client would otherwise hold the server
    // open, and a request sent on an idle socket at the moment it is closed would be reset unanswered.
    server.prependListener('request', (_req, res) => {
      if (service.draining()) res.setHeader('connection', 'close');
    });
    return {
      log: toLog(ctx.log),
      metrics: { registry: ctx.metrics.registry, port: config.METRICS_PORT, host: config.HOST },
      // The server finishes the requests it holds, then the receipt tracker finishes its current jobs (the others
      // stay queued in Redis) and the pools close.
      async stop() {
        await closeServer(server);
        await ctx.close();
      },
    };
  },
});
