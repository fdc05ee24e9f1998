import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import { metricsHandler, mountProbes, type ServiceMetrics } from '@yv/metrics';
import type { OpenApiDocument } from '@yv/schemas';
import { errorHandler, notFound } from './http/errors';
import { requestMetrics } from './http/metrics';
import { requestId } from './http/request-id';
import { metaRouter } from './routes/meta';

export interface AppDeps {
  log: Logger;
  metrics: ServiceMetrics;
  openApi: OpenApiDocument;
  bodyLimitBytes: number;
  /** Feature routers (reads, builders, partner actions, cron), mounted in order. */
  routers: Router[];
  /** False once SIGTERM arrived: /readyz answers 503 so the load balancer stops sending new requests. */
  isReady?: () => boolean;
}

/** Plumbing only: every rule lives behind the routers, every error leaves through errorHandler. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(requestMetrics(deps.metrics));
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      deps.log.info(
        {
          requestId: res.locals.requestId,
          method: req.method,
          route: req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched',
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  });
  app.use(express.json({ limit: deps.bodyLimitBytes, strict: true, type: () => true }));
  app.get('/metrics', metricsHandler(deps.metrics.registry));
  mountProbes(app, { isReady: deps.isReady });
  app.use(metaRouter(deps.openApi));
  for (const router of deps.routers) app.use(router);
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}
