import { backoffMs } from '@yv/domain';

/**
 * Which endpoint of RPC_URLS a request tries first: the rule alone, over what the endpoint set has seen of each.
 * Every endpoint stays in the order, the worst last, so a request still goes somewhere when all are failing and
 * an endpoint that came back is found.
 */

export interface EndpointView {
  /** Until when (ms since the epoch) the endpoint counts as down after its last failures; 0 when up. */
  downUntil: number;
  /** Its head as last probed; null before the first probe. */
  head: bigint | null;
  /** Whether it may take one more request within its `maxRps`. */
  withinRate: boolean;
}

/** A head this many blocks behind the best one is lagging: reads there would go back in time. */
export const MAX_HEAD_LAG_BLOCKS = 2n;
const COOLDOWN = { baseMs: 1_000, maxMs: 30_000 };

/**
 * How long an endpoint that just failed `failures` times in a row is passed over: 1 s, doubling, at most 30 s. The
 * shared backoff's ceiling, without jitter: one process's cooldowns spread no load.
 */
export function cooldownMs(failures: number): number {
  return backoffMs(COOLDOWN, Math.max(0, failures - 1), 1);
}

export function bestHead(views: readonly EndpointView[]): bigint | null {
  return views.reduce<bigint | null>(
    (best, v) => (v.head !== null && (best === null || v.head > best) ? v.head : best),
    null,
  );
}

export type EndpointState = 'up' | 'lagging' | 'down';

export function endpointState(view: EndpointView, best: bigint | null, now: number): EndpointState {
  if (view.downUntil > now) return 'down';
  if (best !== null && view.head !== null && best - view.head > MAX_HEAD_LAG_BLOCKS) return 'lagging';
  return 'up';
}

/**
 * Indexes in the order a request tries them: up before lagging before down, and within each, those under their
 * rate before those over it, then the configured order (RPC_URLS is a preference).
 */
export function tryOrder(views: readonly EndpointView[], now: number): number[] {
  const best = bestHead(views);
  const rank = { up: 0, lagging: 2, down: 4 } as const;
  const weight = (v: EndpointView) => rank[endpointState(v, best, now)] + (v.withinRate ? 0 : 1);
  return views
    .map((view, index) => ({ index, weight: weight(view) }))
    .sort((a, b) => a.weight - b.weight || a.index - b.index)
    .map(({ index }) => index);
}
