import type { Express } from 'express';
import { buildOpenApi } from '@yv/schemas';
import { createApp } from './app';
import { partnerAuthentication } from './auth/partner-auth';
import { trustProxySetting } from './rate-limit/config';
import { rateLimitGate } from './rate-limit/gate';
import { refusedKeyGate, spendRefusedKey } from './rate-limit/refused-keys';
import type { GatewayContext } from './context';
import { createApiKeyService } from './partners/api-keys';
import { createWebhookEndpointService } from './partners/webhook-endpoint';
import { readsRouter } from './reads';
import { buildersRouter } from './routes/builders';
import { cronRouter } from './routes/cron';
import { partnerActionsRouter } from './routes/partner-actions';
import { partnerApiKeysRouter } from './routes/partner-api-keys';
import { partnerWebhookEndpointRouter } from './routes/partner-webhook-endpoint';
import { partnerEventsRouter } from './routes/partner-events';

/** The gateway's HTTP app from its context: the one list of routers, shared by main.ts and the tests. */
export function createGatewayApp(ctx: GatewayContext, opts: { isReady?: () => boolean } = {}): Express {
  const openApi = buildOpenApi({ serverUrl: ctx.config.PUBLIC_BASE_URL });
  const refusedKeys = {
    budget: ctx.rateLimits.refusedKeys,
    metrics: ctx.rateLimits.metrics,
    paths: openApi.paths,
  };
  return createApp({
    log: ctx.log,
    metrics: ctx.metrics,
    openApi,
    bodyLimitBytes: ctx.config.BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(ctx.config.TRUST_PROXY),
    corsOrigins: ctx.config.CORS_ORIGINS,
    isReady: opts.isReady,
    routers: [
      // An address past its budget of refused keys is refused before its key is looked up.
      refusedKeyGate({
        budget: ctx.rateLimits.refusedKeys,
        metrics: ctx.rateLimits.metrics,
        paths: openApi.paths,
      }),
      // Then, once for every router after it: the partner of a partner route (or of a Bearer key on a public one).
      partnerAuthentication({
        pool: ctx.pool,
        onAuthenticated: ctx.onAuthenticated,
        onRefused: spendRefusedKey(refusedKeys),
      }),
      // Then the limits of every /api/v1 route but the exempt ones, per partner or per client address.
      rateLimitGate({
        ...ctx.rateLimits,
        publicPerMinute: ctx.config.RATE_LIMIT_PUBLIC_PER_MINUTE,
        paths: openApi.paths,
      }),
      readsRouter({
        services: ctx.reads,
        metrics: ctx.metrics,
        sectionTimeoutMs: ctx.config.BOOTSTRAP_SECTION_TIMEOUT_MS,
        bootstrapHlpSeriesPoints: ctx.config.BOOTSTRAP_HLP_SERIES_POINTS,
      }),
      buildersRouter(ctx.quotes),
      partnerActionsRouter({ actions: ctx.actions }),
      partnerApiKeysRouter({ apiKeys: createApiKeyService(ctx.pool) }),
      partnerWebhookEndpointRouter({
        webhookEndpoint: createWebhookEndpointService({
          pool: ctx.pool,
          urlPolicy: { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_URLS },
        }),
      }),
      partnerEventsRouter({ events: ctx.events }),
      cronRouter({ cronSecret: ctx.config.CRON_SECRET, retrier: ctx.webhookRetrier }),
    ],
  });
}
