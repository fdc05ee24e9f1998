import type { ReadinessRow } from '@yv/db';
import {
  currentReadiness,
  READY_FLAGS,
  REASON_CLEARS,
  type ReadyState,
  type ReadinessReasonCode,
} from '@yv/domain';
import type { ChainHead } from './health-data';

/** Adds a reason the gateway sees itself and clears the flags it clears (REASON_CLEARS is the whole rule). */
export function withReason(ready: ReadyState, code: ReadinessReasonCode): ReadyState {
  if (ready.reasonCodes.includes(code)) return ready;
  const cleared = new Set<string>(REASON_CLEARS[code]);
  const flags = Object.fromEntries(READY_FLAGS.map((flag) => [flag, ready[flag] && !cleared.has(flag)]));
  return {
    ...(flags as Record<(typeof READY_FLAGS)[number], boolean>),
    reasonCodes: [...ready.reasonCodes, code],
  };
}

/**
 * health.ready as served: the watcher's evaluation (none when missing or too old), plus RPC_UNHEALTHY when the
 * gateway's own RPC does not answer, since then nothing can be quoted or followed from here.
 */
export function servedReadiness(
  stored: ReadinessRow | null,
  head: ChainHead | null,
  now: Date,
  maxAgeMs: number,
): ReadyState {
  const ready = currentReadiness(stored, now, maxAgeMs);
  return head !== null && !head.ok ? withReason(ready, 'RPC_UNHEALTHY') : ready;
}
