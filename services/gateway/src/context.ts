import type { JsonRpcProvider } from 'ethers';
import type { Logger } from 'pino';
import { createChainProvider, createRpcEndpoints, vaultLayout, type VaultLayout } from '@yv/chain';
import {
  readDeployment,
  readProductConfig,
  rpcEndpointsOf,
  type Deployment,
  type ProductConfig,
} from '@yv/config';
import { createPool, latestReadiness, runMigrations, type Pool } from '@yv/db';
import { currentReadiness, type ReadyState } from '@yv/domain';
import { createServiceMetrics, rpcEndpointGauge, type ServiceMetrics } from '@yv/metrics';
import { createActionWriter } from '@yv/actions';
import { serviceLogger, toLog, warnLostConnection } from '@yv/runtime';
import { actionMetricHooks, createActionMetrics } from './actions/metrics';
import { lastUseRecorder } from './auth/last-use';
import type { OnAuthenticated } from './auth/partner-auth';
import { createPartnerActionService, type PartnerActionService } from './actions/service';
import { startActionTracker, type ActionTracker } from './actions/tracker';
import { createHttpBridgeAdapter } from './bridge';
import type { GatewayConfig } from './config';
import { createQuoteService, type QuoteService } from './quotes';
import { partnerBudgets } from './rate-limit/budgets';
import { createLimiter, type Limiter } from './rate-limit/limiter';
import { createRateLimitMetrics, type RateLimitMetrics } from './rate-limit/metrics';
import { refusedKeyBudget, type RefusedKeyBudget } from './rate-limit/refused-keys';
import { createReadServices, freshnessThresholdsOf, type ReadServices } from './reads';
import { tokenReader } from './reads/tokens';
import { cached } from './reads/cache';
import { createPartnerEventService, type PartnerEventService } from './webhooks/events';
import { createWebhookRetrier, type WebhookRetrier } from './webhooks/retrier';

/** Everything the gateway's routers are built from, made once at start from the validated config. */
export interface GatewayContext {
  config: GatewayConfig;
  log: Logger;
  metrics: ServiceMetrics;
  pool: Pool;
  provider: JsonRpcProvider;
  deployment: Deployment;
  layout: VaultLayout;
  product: ProductConfig;
  readiness: () => Promise<ReadyState>;
  quotes: QuoteService;
  reads: ReadServices;
  actions: PartnerActionService;
  tracker: ActionTracker;
  webhookRetrier: WebhookRetrier;
  /** The partner's webhook event log and redelivery. */
  events: PartnerEventService;
  rateLimits: {
    limiter: Limiter;
    metrics: RateLimitMetrics;
    partnerPerMinute: (partnerId: string) => Promise<number>;
    refusedKeys: RefusedKeyBudget;
  };
  /** Records the last use of each key that authenticates a request. */
  onAuthenticated: OnAuthenticated;
  close(): Promise<void>;
}

export async function createGatewayContext(config: GatewayConfig): Promise<GatewayContext> {
  const log = serviceLogger('gateway', config.LOG_LEVEL);
  const metrics = createServiceMetrics('gateway');
  const deployment = readDeployment(config.DEPLOYMENT_FILE);
  const layout = vaultLayout(deployment);
  const product = readProductConfig(config.PRODUCT_CONFIG_FILE);
  if (config.MIGRATE_ON_START) await runMigrations({ databaseUrl: config.DATABASE_URL });
  const pool = createPool(config.DATABASE_URL, {
    applicationName: 'yv-gateway',
    onError: warnLostConnection(toLog(log)),
  });
  const rpc = createRpcEndpoints(rpcEndpointsOf(config), { timeoutMs: config.RPC_TIMEOUT_MS });
  rpcEndpointGauge(metrics).watch(() => rpc.health());
  const provider = createChainProvider({
    transport: rpc,
    chainId: deployment.chainId,
    batchWindowMs: config.RPC_BATCH_WINDOW_MS,
  });
  // The watcher's readiness row, reloaded at most once per READ_CACHE_TTL_MS for all quotes. Not the reads' own
  // cache: /health loads its readiness and indexer rows together, so the reasons it shows agree with the figures.
  const storedReadiness = cached(config.READ_CACHE_TTL_MS, () => latestReadiness(pool));
  const readiness = async () =>
    currentReadiness(await storedReadiness(), new Date(), config.READINESS_MAX_AGE_MS);
  const tokens = tokenReader(provider, deployment);
  const quotes = createQuoteService({
    provider,
    deployment,
    layout,
    product,
    tokens,
    bridge: createHttpBridgeAdapter({ baseUrl: config.BRIDGE_API_URL }),
    readiness,
    clock: () => new Date(),
    quoteTtlMs: config.QUOTE_TTL_MS,
    readWindowMs: config.RPC_BATCH_WINDOW_MS,
    metrics,
  });
  const reads = createReadServices({
    pool,
    provider,
    deployment,
    layout,
    product,
    tokens,
    thresholds: freshnessThresholdsOf(config),
    readinessMaxAgeMs: config.READINESS_MAX_AGE_MS,
    hlpVaultAddress: config.HLP_VAULT_ADDRESS,
    cacheTtlMs: config.READ_CACHE_TTL_MS,
    rpcEndpoints: () => rpc.health(),
  });
  const writer = createActionWriter({ pool, deployment, ...actionMetricHooks(createActionMetrics(metrics)) });
  const tracker = await startActionTracker({
    pool,
    writer,
    provider,
    log,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    dropWindowMs: config.ACTION_DROP_WINDOW,
    pollMs: config.ACTION_RECEIPT_POLL,
    sweepMs: config.ACTION_EXPIRY_SWEEP,
  });
  const webhookRetrier = createWebhookRetrier({
    pool,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    maxAttempts: config.WEBHOOK_RETRY_SCHEDULE.length,
  });
  const events = createPartnerEventService({
    pool,
    log,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    retentionMs: config.WEBHOOK_EVENT_RETENTION,
    redeliverBatch: config.WEBHOOK_REDELIVER_BATCH,
    redeliverPerSecond: config.WEBHOOK_REDELIVER_PER_SECOND,
  });
  const actions = createPartnerActionService({
    pool,
    writer,
    quoteService: quotes,
    deployment,
    provider,
    follow: tracker.follow,
    log,
  });
  const rateLimitMetrics = createRateLimitMetrics(metrics);
  const limiter = createLimiter({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    windowSeconds: Math.ceil(config.RATE_LIMIT_WINDOW / 1000),
    timeoutMs: config.RATE_LIMIT_REDIS_TIMEOUT_MS,
    log,
    metrics: rateLimitMetrics,
  });
  const rateLimits = {
    metrics: rateLimitMetrics,
    limiter,
    refusedKeys: refusedKeyBudget({ limiter, perMinute: config.RATE_LIMIT_REFUSED_KEYS_PER_MINUTE }),
    partnerPerMinute: partnerBudgets({
      pool,
      defaultPerMinute: config.RATE_LIMIT_PARTNER_PER_MINUTE,
      cacheMs: config.RATE_LIMIT_OVERRIDE_CACHE_MS,
      log,
    }),
  };
  return {
    config,
    log,
    metrics,
    pool,
    provider,
    deployment,
    layout,
    product,
    readiness,
    quotes,
    reads,
    actions,
    tracker,
    webhookRetrier,
    events,
    rateLimits,
    onAuthenticated: lastUseRecorder({ pool, log }),
    async close() {
      await rateLimits.limiter.close();
      await tracker.close();
      await webhookRetrier.close();
      await events.close();
      provider.destroy();
      rpc.close();
      await pool.end();
    },
  };
}
