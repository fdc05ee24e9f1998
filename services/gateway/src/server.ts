import type { Express } from 'express';
import { buildOpenApi } from '@yv/schemas';
import { createApp } from './app';
import type { GatewayContext } from './context';
import { readsRouter } from './reads';
import { buildersRouter } from './routes/builders';
import { cronRouter } from './routes/cron';
import { partnerActionsRouter } from './routes/partner-actions';

/** The gateway's HTTP app from its context: the one list of routers, shared by main.ts and the tests. */
export function createGatewayApp(ctx: GatewayContext, opts: { isReady?: () => boolean } = {}): Express {
  return createApp({
    log: ctx.log,
    metrics: ctx.metrics,
    openApi: buildOpenApi({ serverUrl: ctx.config.PUBLIC_BASE_URL }),
    bodyLimitBytes: ctx.config.BODY_LIMIT_BYTES,
    isReady: opts.isReady,
    routers: [
      readsRouter({
        services: ctx.reads,
        metrics: ctx.metrics,
        sectionTimeoutMs: ctx.config.BOOTSTRAP_SECTION_TIMEOUT_MS,
        bootstrapHlpSeriesPoints: ctx.config.BOOTSTRAP_HLP_SERIES_POINTS,
      }),
      buildersRouter(ctx.quotes),
      partnerActionsRouter({ pool: ctx.pool, actions: ctx.actions }),
      cronRouter({ cronSecret: ctx.config.CRON_SECRET, retrier: ctx.webhookRetrier }),
    ],
  });
}
