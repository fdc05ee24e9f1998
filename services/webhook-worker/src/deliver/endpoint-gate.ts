/**
 * Per-endpoint caps on attempts in flight, so that a partner whose receiver hangs, fails or crawls never takes the
 * slots other partners' deliveries need (as Svix does). By its last attempt from this worker an endpoint is failing
 * (no 2xx), slow (a 2xx after SLOW_ATTEMPT_MS or more) or healthy. Failing and slow endpoints together hold at most
 * half of WEBHOOK_CONCURRENCY, so healthy endpoints always keep the other half; a failing one has one attempt in
 * flight at most, a slow one keeps its throughput within the shared half. Every endpoint is capped at
 * WEBHOOK_ENDPOINT_CONCURRENCY (0: no cap of its own). A delivery refused here is not claimed: its job waits
 * DEFER_MS and asks again. The state is each worker replica's own and starts healthy.
 */

/** An attempt this long is a slow receiver's, which holds a slot as a hanging one does. */
export const SLOW_ATTEMPT_MS = 1_000;
/** How long a delivery refused by its endpoint's cap waits before it asks again. */
export const DEFER_MS = 1_000;

export interface EndpointGateOptions {
  /** WEBHOOK_CONCURRENCY. */
  concurrency: number;
  /** WEBHOOK_ENDPOINT_CONCURRENCY: a healthy endpoint's cap; 0 none. */
  perEndpoint: number;
}

export interface AttemptEnd {
  /** The receiver answered 2xx. */
  delivered: boolean;
  durationMs: number;
}

export interface EndpointGate {
  /** Counts one attempt in flight for the partner's endpoint if its cap allows; false when it must wait. */
  tryEnter(partnerId: string | undefined): boolean;
  /** The attempt is over: one fewer in flight, and how it went decides whether the endpoint is degraded. */
  leave(partnerId: string | undefined, end: AttemptEnd | null): void;
}

export type EndpointHealth = 'healthy' | 'slow' | 'failing';

interface Endpoint {
  inFlight: number;
  /** Of those, how many count against the shared half of the failing and slow endpoints. */
  inDegradedShare: number;
  health: EndpointHealth;
}

/** The cap rule alone: whether one more attempt may start for an endpoint in this state. */
export function mayStart(
  endpoint: Pick<Endpoint, 'inFlight' | 'health'>,
  degradedInFlight: number,
  options: EndpointGateOptions,
): boolean {
  if (options.perEndpoint > 0 && endpoint.inFlight >= options.perEndpoint) return false;
  if (endpoint.health === 'healthy') return true;
  if (endpoint.health === 'failing' && endpoint.inFlight > 0) return false;
  return degradedInFlight < Math.max(1, Math.floor(options.concurrency / 2));
}

export function endpointGate(options: EndpointGateOptions): EndpointGate {
  const endpoints = new Map<string, Endpoint>();
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
      if (end)
        endpoint.health = !end.delivered ? 'failing' : end.durationMs >= SLOW_ATTEMPT_MS ? 'slow' : 'healthy';
      // Healthy and idle endpoints are forgotten: the map holds only what a cap needs.
      if (endpoint.inFlight === 0 && endpoint.health === 'healthy') endpoints.delete(partnerId!);
    },
  };
}
