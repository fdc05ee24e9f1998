import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import { mountProbes, type ServiceMetrics } from '@yv/metrics';
import type { OpenApiDocument } from '@yv/schemas';
import { checkBodyShape } from './http/body-shape';
import { cors, type CorsOrigins } from './http/cors';
import { errorHandler, notFound } from './http/errors';
import { requestMetrics } from './http/metrics';
import { keepIfNoneMatch } from './http/conditional';
import { requestId, requestIdOf } from './http/request-id';
import { metaRouter } from './routes/meta';

export interface AppDeps {
  log: Logger;
  metrics: ServiceMetrics;
  openApi: OpenApiDocument;
  bodyLimitBytes: number;
  /** Express `trust proxy` (TRUST_PROXY): which X-Forwarded-For hops `req.ip` believes. False: none. */
  trustProxy?: number | string[] | false;
  /** CORS_ORIGINS: browser origins allowed on the credential-free operations of `openApi`. Unset: no CORS at all. */
  corsOrigins?: CorsOrigins;
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
  // No ETag computed from bodies (hashing every body cost CPU for nothing, docs/performance.md#etag): the shared reads
  // set validators of their own, made once per change of their data, and compare If-None-Match themselves
  // (http/conditional.ts). Nothing sets Last-Modified, so If-Modified-Since is dropped.
  app.set('etag', false);
  app.use((req, res, next) => {
    keepIfNoneMatch(req, res);
    delete req.headers['if-modified-since'];
    next();
  });
  // Set at start, so a wrong TRUST_PROXY stops the service rather than trusting anyone's X-Forwarded-For.
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestId);
  app.use(requestMetrics(deps.metrics));
  // One child logger per request: every line it writes carries the request id, and nothing of the request's
  // headers (API key, cron secret, signatures) or body is ever logged.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const id = requestIdOf(res);
    const log = deps.log.child({ requestId: id });
    res.locals.log = log;
    res.on('finish', () => {
      log.info(
        {
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
  if (deps.corsOrigins !== undefined) app.use(cors(deps.corsOrigins, deps.openApi.paths));
  app.use(
    express.json({ limit: deps.bodyLimitBytes, strict: true, type: () => true, verify: checkBodyShape }),
  );
  mountProbes(app, { isReady: deps.isReady });
  app.use(metaRouter(deps.openApi));
  for (const router of deps.routers) app.use(router);
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}
