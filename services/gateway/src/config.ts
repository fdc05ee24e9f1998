import { resolve } from 'node:path';
import { common, duration, int, parseEnv, port, string, url, type ConfigOf } from '@yv/config';
import { actionTrackerSpec } from './actions/config';
import { corsSpec } from './http/cors';
import { rateLimitSpec } from './rate-limit/config';
import { readsSpec } from './reads/options';
import { cronSpec } from './webhooks/config';
import { webhookEndpointSpec } from './webhooks/endpoint-config';

/** The devnet's product description; a real deployment points PRODUCT_CONFIG_FILE at its own. */
export const DEFAULT_PRODUCT_CONFIG_FILE = resolve(__dirname, '../../../config/product.devnet.json');

export const gatewaySpec = {
  ...common,
  PORT: port({ default: 3000 }),
  HOST: string({ default: '127.0.0.1' }),
  /** /metrics is served apart from the partner API, so the public port never exposes it. */
  METRICS_PORT: port({ default: 9100 }),
  /** Public base URL written into the OpenAPI document's servers entry. */
  PUBLIC_BASE_URL: url({ protocols: ['http', 'https'], default: 'http://127.0.0.1:3000' }),
  BODY_LIMIT_BYTES: int({ default: 65_536, min: 1_024, max: 1_048_576 }),
  PRODUCT_CONFIG_FILE: string({ default: DEFAULT_PRODUCT_CONFIG_FILE }),
  BRIDGE_API_URL: url({ protocols: ['http', 'https'], default: 'http://127.0.0.1:8546/bridge' }),
  /** How long a quote (and an action built from it) stays valid: `quote.expiresAt`. */
  QUOTE_TTL_MS: duration({ default: 120_000, minMs: 10_000, maxMs: 3_600_000 }),
  /** The watcher's readiness evaluation older than this counts as no readiness at all (watcher down). */
  READINESS_MAX_AGE_MS: duration({ default: 30_000, minMs: 1_000 }),
  RPC_TIMEOUT_MS: duration({ default: 5_000, minMs: 100 }),
  /**
   * Node calls made within this window go as one JSON-RPC batch, and quote reads as one eth_call (`0ms`: each
   * alone); see createChainProvider and sharedAggregate.
   */
  RPC_BATCH_WINDOW_MS: duration({ default: 2, minMs: 0, maxMs: 50 }),
  ...actionTrackerSpec,
  ...readsSpec,
  ...cronSpec,
  ...webhookEndpointSpec,
  ...rateLimitSpec,
  ...corsSpec,
};

export type GatewayConfig = ConfigOf<typeof gatewaySpec>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return parseEnv(gatewaySpec, env);
}
