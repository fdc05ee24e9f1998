import type { JsonRpcProvider } from 'ethers';
import { listExpiredUnsignedActions, type PartnerActionRow, type Pool } from '@yv/db';
import { acceptsSubmit, approvalCovered, expiredSteps, unsignedApproval } from '@yv/domain';
import type { ActionWriter } from '@yv/actions';
import { readAllowance } from './chain-tx';
import { lastError } from './failures';

const SWEEP_BATCH = 100;

/**
 * Whether the chain covers the action's approval, so its step shows `confirmed` rather than `failed`. Read before
 * the row lock; an unreadable chain says no, as the sweep did before it looked.
 */
async function approvalSeen(provider: JsonRpcProvider, row: PartnerActionRow): Promise<boolean> {
  const requirement = unsignedApproval(row);
  if (!requirement) return false;
  const allowance = await readAllowance(provider, requirement.token, row.wallet, requirement.spender).catch(
    () => null,
  );
  return allowance !== null && approvalCovered(requirement, allowance);
}

/**
 * Fails unsigned actions whose quote expired (docs/design.md#partner-action-states: created/requires_signature → failed). Each is re-read
 * under its row lock, so one submitted meanwhile is left alone.
 * @returns how many actions were failed.
 */
export async function failExpiredActions(
  deps: { pool: Pool; writer: ActionWriter; provider: JsonRpcProvider },
  now = new Date(),
): Promise<number> {
  let failedCount = 0;
  for (;;) {
    const rows = await listExpiredUnsignedActions(deps.pool, now, SWEEP_BATCH);
    for (const row of rows) {
      const approvalConfirmed = await approvalSeen(deps.provider, row);
      const outcome = await deps.writer.change(row.id, (current) => {
        if (!acceptsSubmit(current.status) || !current.expiresAt || current.expiresAt >= now) return null;
        return {
          status: 'failed',
          lastError: lastError(
            'QUOTE_EXPIRED',
            `the quote expired at ${current.expiresAt.toISOString()} before a transaction was submitted; create a new action`,
          ),
          steps: expiredSteps(current.steps, approvalConfirmed),
        };
      });
      if (outcome?.changed) failedCount += 1;
    }
    if (rows.length < SWEEP_BATCH) return failedCount;
  }
}
