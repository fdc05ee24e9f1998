import { endpointLabel, type RpcEndpoint } from '@yv/config';
import { jsonPoster, JsonPostError, type JsonPoster } from '../json-post';
import {
  bestHead,
  cooldownMs,
  endpointState,
  tryOrder,
  type EndpointState,
  type EndpointView,
} from './choice';

/** What health shows of one endpoint: never its URL's path or credentials, where providers keep their keys. */
export interface RpcEndpointHealth {
  endpoint: string;
  state: EndpointState;
  head: bigint | null;
  /** Blocks behind the best head of the set; null before a probe. */
  lagBlocks: number | null;
  /** Smoothed round-trip time of its answers. */
  latencyMs: number | null;
  consecutiveFailures: number;
  lastError: string | null;
  lastOkAt: Date | null;
}

/** The JSON transport of a service's RPC clients over RPC_URLS: failover in order of preference, with health. */
export interface RpcEndpoints extends JsonPoster {
  health(): RpcEndpointHealth[];
}

export interface RpcEndpointsOptions {
  /** The whole request's budget, across every endpoint it tries; an endpoint's own timeoutMs is within it. */
  timeoutMs: number;
  /** How often each endpoint's head is asked when there are several. Default 2 s; 0 never (tests counting requests). */
  probeIntervalMs?: number;
}

const PROBE_INTERVAL_MS = 2_000;
const PROBE_BODY = '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}';

class Endpoint implements EndpointView {
  downUntil = 0;
  head: bigint | null = null;
  failures = 0;
  lastError: string | null = null;
  lastOkAt: Date | null = null;
  latencyMs: number | null = null;
  private windowStart = 0;
  private sent = 0;
  readonly poster: JsonPoster;
  readonly label: string;

  constructor(
    readonly config: RpcEndpoint,
    timeoutMs: number,
    alone: boolean,
  ) {
    this.label = endpointLabel(config.url);
    // Alone, an endpoint waits out its 429s; in a set, the next endpoint is asked instead.
    this.poster = jsonPoster(config.url, config.timeoutMs ?? timeoutMs, { waitOnRateLimit: alone });
  }

  get withinRate(): boolean {
    if (this.config.maxRps === undefined) return true;
    return Date.now() - this.windowStart >= 1_000 || this.sent < this.config.maxRps;
  }

  countRequest(now: number): void {
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now;
      this.sent = 0;
    }
    this.sent += 1;
  }

  succeeded(startedAt: number, now: number): void {
    const took = now - startedAt;
    this.latencyMs = this.latencyMs === null ? took : Math.round(0.8 * this.latencyMs + 0.2 * took);
    this.failures = 0;
    this.downUntil = 0;
    this.lastOkAt = new Date(now);
  }

  failed(error: JsonPostError, now: number): void {
    this.failures += 1;
    this.downUntil = now + cooldownMs(this.failures);
    this.lastError = error.message;
  }
}

/**
 * A failure that says the endpoint is unwell (no answer, a refused connection, 5xx, 429, 408) moves the request to
 * the next endpoint; any other HTTP answer (a 413 for a range too large, a 400) is the request's own and is thrown
 * as it is.
 */
function endpointFailure(error: unknown): error is JsonPostError {
  if (!(error instanceof JsonPostError)) return false;
  if (error.kind !== 'http') return true;
  const status = error.details.status ?? 0;
  return status >= 500 || status === 429 || status === 408;
}

export function createRpcEndpoints(
  configs: readonly RpcEndpoint[],
  options: RpcEndpointsOptions,
): RpcEndpoints {
  if (configs.length === 0) throw new Error('createRpcEndpoints: at least one endpoint');
  const endpoints = configs.map((config) => new Endpoint(config, options.timeoutMs, configs.length === 1));

  async function post(body: string, withinMs = options.timeoutMs): Promise<string> {
    const deadline = Date.now() + Math.min(options.timeoutMs, withinMs);
    let lastError: unknown;
    for (const index of tryOrder(endpoints, Date.now())) {
      const endpoint = endpoints[index]!;
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      const startedAt = Date.now();
      endpoint.countRequest(startedAt);
      try {
        const text = await endpoint.poster.post(body, remaining);
        endpoint.succeeded(startedAt, Date.now());
        return text;
      } catch (error) {
        if (!endpointFailure(error)) throw error;
        endpoint.failed(error, Date.now());
        lastError = error;
      }
    }
    throw lastError ?? new JsonPostError('timeout', `no answer within ${options.timeoutMs} ms`);
  }

  /** Each endpoint's head, so a lagging one is passed over before a read there goes back in time. */
  async function probe(endpoint: Endpoint): Promise<void> {
    const startedAt = Date.now();
    try {
      const answer = JSON.parse(await endpoint.poster.post(PROBE_BODY)) as { result?: unknown };
      if (typeof answer.result !== 'string') throw new JsonPostError('http', 'eth_blockNumber: no result');
      endpoint.head = BigInt(answer.result);
      endpoint.succeeded(startedAt, Date.now());
    } catch (error) {
      if (error instanceof JsonPostError) endpoint.failed(error, Date.now());
    }
  }

  const probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  const probing =
    endpoints.length > 1 && probeIntervalMs > 0
      ? setInterval(() => {
          for (const endpoint of endpoints) void probe(endpoint);
        }, probeIntervalMs).unref()
      : null;
  if (probing) for (const endpoint of endpoints) void probe(endpoint);

  return {
    post,
    health() {
      const now = Date.now();
      const best = bestHead(endpoints);
      return endpoints.map((e) => ({
        endpoint: e.label,
        state: endpointState(e, best, now),
        head: e.head,
        lagBlocks: best !== null && e.head !== null ? Number(best - e.head) : null,
        latencyMs: e.latencyMs,
        consecutiveFailures: e.failures,
        lastError: e.lastError,
        lastOkAt: e.lastOkAt,
      }));
    },
    close() {
      if (probing) clearInterval(probing);
      for (const endpoint of endpoints) endpoint.poster.close();
    },
  };
}
