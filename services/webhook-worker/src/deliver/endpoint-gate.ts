/**
 * Per-endpoint caps on attempts in flight, so that a partner whose receiver hangs or crawls never takes the slots
 * other partners' deliveries need (as Svix does). What holds a slot is time, so an endpoint is judged by how long its
 * last attempt from this worker took: at the slow threshold or more it is hanging (no 2xx, as a timeout) or slow (a
 * 2xx); a quicker attempt, a fast refusal or 5xx included, leaves it healthy (its retries follow the schedule).
 * Hanging and slow endpoints together hold at most half of WEBHOOK_CONCURRENCY, so healthy endpoints always keep the
 * other half; a hanging one has one attempt in flight at most, a slow one keeps its throughput within the shared
 * half. Every endpoint is capped at WEBHOOK_ENDPOINT_CONCURRENCY (0: no cap of its own). A delivery refused here is
 * not claimed: its job waits DEFER_MS and asks again. The state is each worker replica's own and starts healthy.
 */

/** An attempt this long holds its slot as a hanging receiver's does: 1 s, or half the timeout when that is less. */
export const SLOW_ATTEMPT_MS = 1_000;
/** How long a delivery refused by its endpoint's cap waits before it asks again. */
export const DEFER_MS = 1_000;

export interface EndpointGateOptions {
  /** WEBHOOK_CONCURRENCY. */
  concurrency: number;
  /** WEBHOOK_ENDPOINT_CONCURRENCY: an endpoint's own cap; 0 none. */
  perEndpoint: number;
  /** WEBHOOK_TIMEOUT_MS. */
  timeoutMs: number;
}

export interface AttemptEnd {
  /** The receiver answered 2xx. */
  delivered: boolean;
  durationMs: number;
}

export interface EndpointGate {
  /** Counts one attempt in flight for the partner's endpoint if its cap allows; false when it must wait. */
  tryEnter(partnerId: string | undefined): boolean;
  /** The attempt is over: one fewer in flight, and how long it took and how it ended judge the endpoint. */
  leave(partnerId: string | undefined, end: AttemptEnd | null): void;
}

export type EndpointHealth = 'healthy' | 'slow' | 'hanging';

interface Endpoint {
  inFlight: number;
  /** Of those, how many count against the shared half of the hanging and slow endpoints. */
  inDegradedShare: number;
  health: EndpointHealth;
}

/** The cap rule alone: whether one more attempt may start for an endpoint in this state. */
export function mayStart(
  endpoint: Pick<Endpoint, 'inFlight' | 'health'>,
  degradedInFlight: number,
  options: Pick<EndpointGateOptions, 'concurrency' | 'perEndpoint'>,
): boolean {
  if (options.perEndpoint > 0 && endpoint.inFlight >= options.perEndpoint) return false;
  if (endpoint.health === 'healthy') return true;
  if (endpoint.health === 'hanging' && endpoint.inFlight > 0) return false;
  return degradedInFlight < Math.max(1, Math.floor(options.concurrency / 2));
}

/** How an endpoint stands after an attempt that ended so. */
export function healthAfter(end: AttemptEnd, slowMs: number): EndpointHealth {
  if (end.durationMs < slowMs) return 'healthy';
  return end.delivered ? 'slow' : 'hanging';
}

export function endpointGate(options: EndpointGateOptions): EndpointGate {
  const endpoints = new Map<string, Endpoint>();
  const slowMs = Math.min(SLOW_ATTEMPT_MS, options.timeoutMs / 2);
  let degradedInFlight = 0;

  return {
    tryEnter(partnerId) {
      if (partnerId === undefined) return true;
      const endpoint = endpoints.get(partnerId) ?? { inFlight: 0, inDegradedShare: 0, health: 'healthy' };
      if (!mayStart(endpoint, degradedInFlight, options)) return false;
      endpoint.inFlight += 1;
      if (endpoint.health !== 'healthy') {
        endpoint.inDegradedShare += 1;
        degradedInFlight += 1;
      }
      endpoints.set(partnerId, endpoint);
      return true;
    },
    leave(partnerId, end) {
      const endpoint = partnerId === undefined ? undefined : endpoints.get(partnerId);
      if (!endpoint) return;
      endpoint.inFlight -= 1;
      if (endpoint.inDegradedShare > 0) {
        endpoint.inDegradedShare -= 1;
        degradedInFlight -= 1;
      }
      // A delivery skipped (not ours to send) says nothing of the endpoint.
      if (end) endpoint.health = healthAfter(end, slowMs);
      // Healthy and idle endpoints are forgotten: the map holds only what a cap needs.
      if (endpoint.inFlight === 0 && endpoint.health === 'healthy') endpoints.delete(partnerId!);
    },
  };
}
