import { READY_FLAGS, type ReadinessReasonCode, type ReadyFlag } from './reason-codes';

/** health.ready as served: the flags and every reason code that cleared one. */
export type ReadyState = Record<ReadyFlag, boolean> & { reasonCodes: string[] };

/** A stored evaluation as the gateway reads it. */
export type StoredReadiness = Record<ReadyFlag, boolean> & {
  reasonCodes: readonly string[];
  computedAt: Date;
};

/**
 * What the gateway may rely on now: the watcher's latest evaluation, unless there is none or it is older than
 * `maxAgeMs` — a dead watcher must not keep deposits open on its last word — in which case no flag holds.
 */
export function currentReadiness(stored: StoredReadiness | null, now: Date, maxAgeMs: number): ReadyState {
  const reason: ReadinessReasonCode | null =
    stored === null
      ? 'READINESS_MISSING'
      : now.getTime() - stored.computedAt.getTime() > maxAgeMs
        ? 'READINESS_STALE'
        : null;
  if (reason === null) {
    const { display, history, activity, operations, deposits, reasonCodes } = stored!;
    return { display, history, activity, operations, deposits, reasonCodes: [...reasonCodes] };
  }
  const cleared = Object.fromEntries(READY_FLAGS.map((flag) => [flag, false])) as Record<ReadyFlag, false>;
  return { ...cleared, reasonCodes: [...(stored?.reasonCodes ?? []), reason] };
}
