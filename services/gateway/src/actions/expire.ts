import { listExpiredUnsignedActionIds, type Pool } from '@yv/db';
import { acceptsSubmit, type ActionStep } from '@yv/domain';
import type { ActionWriter } from '@yv/actions';
import { lastError } from './failures';

const SWEEP_BATCH = 100;

/**
 * Fails unsigned actions whose quote expired (docs/design.md#partner-action-states: created/requires_signature → failed). Each is re-read
 * under its row lock, so one submitted meanwhile is left alone.
 * @returns how many actions were failed.
 */
export async function failExpiredActions(
  deps: { pool: Pool; writer: ActionWriter },
  now = new Date(),
): Promise<number> {
  let failedCount = 0;
  for (;;) {
    const ids = await listExpiredUnsignedActionIds(deps.pool, now, SWEEP_BATCH);
    for (const id of ids) {
      const outcome = await deps.writer.change(id, (current) => {
        if (!acceptsSubmit(current.status) || !current.expiresAt || current.expiresAt >= now) return null;
        return {
          status: 'failed',
          lastError: lastError(
            'QUOTE_EXPIRED',
            `the quote expired at ${current.expiresAt.toISOString()} before a transaction was submitted; create a new action`,
          ),
          steps: (current.steps as ActionStep[]).map((step) =>
            step.status === 'requires_signature' ? { ...step, status: 'failed' as const } : step,
          ),
        };
      });
      if (outcome?.changed) failedCount += 1;
    }
    if (ids.length < SWEEP_BATCH) return failedCount;
  }
}
