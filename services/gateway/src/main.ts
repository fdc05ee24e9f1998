import { ConfigError } from '@yv/config';
import { buildOpenApi } from '@yv/schemas';
import { createApp } from './app';
import { loadGatewayConfig } from './config';
import { createGatewayContext } from './context';
import { buildersRouter } from './routes/builders';
import { partnerActionsRouter } from './routes/partner-actions';

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const ctx = await createGatewayContext(config);
  const app = createApp({
    log: ctx.log,
    metrics: ctx.metrics,
    openApi: buildOpenApi({ serverUrl: config.PUBLIC_BASE_URL }),
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    routers: [
      buildersRouter(ctx.quotes),
      partnerActionsRouter({
        pool: ctx.pool,
        quoteService: ctx.quotes,
        deployment: ctx.deployment,
        provider: ctx.provider,
        metrics: ctx.actionMetrics,
        follow: ctx.tracker.follow,
      }),
    ],
  });
  const server = app.listen(config.PORT, config.HOST, () =>
    ctx.log.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway listening'),
  );
  const shutdown = (signal: string) => {
    ctx.log.info({ signal }, 'gateway stopping');
    server.close(() => void ctx.close().then(() => process.exit(0)));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  // A bad config stops the service with the list of what is wrong, and nothing else.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
