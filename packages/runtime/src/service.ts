import type { Server } from 'node:http';
import { ConfigError } from '@yv/config';
import { metricsApp, type ServiceMetrics } from '@yv/metrics';
import type { Log } from './log';
import { sleep } from './sleep';

/** Below Kubernetes' terminationGracePeriodSeconds (30 s): a drain stuck past it is cut. */
const SHUTDOWN_BOUND_MS = 25_000;

export interface ServiceState {
  /** True from the first SIGTERM or SIGINT on: the service is draining and /readyz answers 503. */
  draining(): boolean;
}

export interface StartedService {
  log: Log;
  /** Served with /livez and /readyz on a port of their own until the service has stopped. */
  metrics: { registry: ServiceMetrics['registry']; port: number; host?: string };
  /** Lets the work in flight finish and closes everything the service opened. */
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** Reads the config and starts the work. A ConfigError it throws is printed alone: it lists every bad variable. */
  start(state: ServiceState): Promise<StartedService>;
  /**
   * How long the service keeps serving after the signal, with /readyz at 503, before it stops: load balancers that
   * route by readiness take it out of rotation before its listener closes. Default 0.
   */
  readinessGraceMs?: number;
  /** Default SHUTDOWN_BOUND_MS. */
  boundMs?: number;
}

function listenMetrics(service: StartedService, isReady: () => boolean): Server {
  const { registry, port, host } = service.metrics;
  const app = metricsApp(registry, { isReady });
  const listening = () => service.log('info', 'metrics listening', { port });
  return host === undefined ? app.listen(port, listening) : app.listen(port, host, listening);
}

/**
 * A service as its own process. On SIGTERM or SIGINT readiness turns 503, then (after the grace) `stop()` drains
 * the service; the process exits 0 once it has, and 1 if it fails, if it is still draining at the bound, or if the
 * service could not start.
 */
export function runService(options: ServiceOptions): void {
  let draining = false;
  const boundMs = options.boundMs ?? SHUTDOWN_BOUND_MS;

  const serve = (service: StartedService): void => {
    const metrics = listenMetrics(service, () => !draining);
    const shutdown = (signal: NodeJS.Signals): void => {
      if (draining) return;
      draining = true;
      service.log('info', 'stopping', { signal });
      setTimeout(() => {
        service.log('error', 'shutdown bound exceeded', { boundMs });
        process.exit(1);
      }, boundMs).unref();
      sleep(options.readinessGraceMs ?? 0)
        .then(() => service.stop())
        .then(
          () => {
            metrics.close();
            service.log('info', 'stopped', { signal });
            process.exit(0);
          },
          (error: unknown) => {
            service.log('error', 'stop failed', { err: error });
            process.exit(1);
          },
        );
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  };

  options.start({ draining: () => draining }).then(serve, (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
