import express, { type Express } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per service. Metric names follow `svc_<service>_<thing>_<unit>` (docs/metrics.md); the service
 * part is fixed here so no call site can spell it differently.
 */
export interface ServiceMetrics {
  registry: Registry;
  service: string;
  name(thing: string): string;
  counter<L extends string>(thing: string, help: string, labelNames?: readonly L[]): Counter<L>;
  gauge<L extends string>(thing: string, help: string, labelNames?: readonly L[]): Gauge<L>;
  histogram<L extends string>(
    thing: string,
    help: string,
    buckets: number[],
    labelNames?: readonly L[],
  ): Histogram<L>;
}

const SERVICE_NAME = /^[a-z][a-z0-9_]*$/;

export function createServiceMetrics(service: string): ServiceMetrics {
  if (!SERVICE_NAME.test(service))
    throw new Error(`metric service name must match ${SERVICE_NAME}: ${service}`);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: `svc_${service}_` });
  const name = (thing: string) => `svc_${service}_${thing}`;
  return {
    registry,
    service,
    name,
    counter: (thing, help, labelNames = []) =>
      new Counter({ name: name(thing), help, labelNames: [...labelNames], registers: [registry] }),
    gauge: (thing, help, labelNames = []) =>
      new Gauge({ name: name(thing), help, labelNames: [...labelNames], registers: [registry] }),
    histogram: (thing, help, buckets, labelNames = []) =>
      new Histogram({ name: name(thing), help, buckets, labelNames: [...labelNames], registers: [registry] }),
  };
}

/** What a service's RPC endpoint set says of each endpoint (RpcEndpoints.health of @yv/chain). */
export type RpcEndpointStates = () => readonly { endpoint: string; state: string }[];

/**
 * `svc_<service>_rpc_endpoint_up{endpoint}`: 1 while an endpoint of RPC_URLS is up, 0 while it lags or is down,
 * read from the service's endpoint set at each scrape. `watch` hands it the set once the service made it.
 */
export function rpcEndpointGauge(m: ServiceMetrics): { watch(states: RpcEndpointStates): void } {
  let states: RpcEndpointStates = () => [];
  new Gauge({
    name: m.name('rpc_endpoint_up'),
    help: '1 while the RPC endpoint is up, 0 while it lags or is down (RPC_URLS, or RPC_URL alone)',
    labelNames: ['endpoint'],
    registers: [m.registry],
    collect() {
      this.reset();
      for (const { endpoint, state } of states()) this.set({ endpoint }, state === 'up' ? 1 : 0);
    },
  });
  return { watch: (source) => (states = source) };
}

/** GET /metrics in the Prometheus text format, for mounting on a service's HTTP app. */
export function metricsHandler(registry: Registry): express.RequestHandler {
  return async (_req, res) => {
    res.setHeader('content-type', registry.contentType);
    res.send(await registry.metrics());
  };
}

export interface ProbeOptions {
  /** False while the process is starting or draining after SIGTERM: the readiness probe then answers 503. */
  isReady?: () => boolean;
}

/** Kubernetes probes: /livez answers while the process runs, /readyz while it should receive work. */
export function mountProbes(app: Express, opts: ProbeOptions = {}): void {
  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const ready = opts.isReady?.() ?? true;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'draining' });
  });
}

/** A bare HTTP app serving /metrics and the probes, for services without an HTTP API (indexer, watcher, worker). */
export function metricsApp(registry: Registry, opts: ProbeOptions = {}): Express {
  const app = express();
  app.get('/metrics', metricsHandler(registry));
  mountProbes(app, opts);
  return app;
}
