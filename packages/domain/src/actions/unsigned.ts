import type { ActionStep, PartnerActionStatus, StoredActionQuote } from '@yv/schemas';
import { acceptsSubmit } from './state-machine';

/** The quote's `requirements` entry of an approval (TxRequirement): the allowance the deposit needs. */
export interface ApprovalRequirement {
  token: string;
  spender: string;
  amount: { raw: string };
}

/** What the rules below read of a stored action (a `PartnerActionRow` fits). */
export interface UnsignedActionView {
  action: string;
  status: PartnerActionStatus;
  txHash: string | null;
  request: Record<string, unknown>;
  quote: StoredActionQuote;
  steps: readonly ActionStep[];
}

/** The changes an unsigned action takes (a `PartnerActionChanges` fits). */
export interface UnsignedActionChanges {
  status: 'cancelled' | 'failed';
  steps: ActionStep[];
  lastError: Record<string, unknown>;
}

/** True when the action asks for an approval before its own transaction. */
export const hasApprovalStep = (steps: readonly ActionStep[]): boolean =>
  steps.some((step) => step.kind === 'approval');

/**
 * The approval an action still has before its signature: a deposit with an approval step, nothing submitted. Its
 * `token`/`spender` are where the allowance is read.
 */
export function unsignedApproval(action: UnsignedActionView): ApprovalRequirement | null {
  if (action.action !== 'deposit' || !acceptsSubmit(action.status) || action.txHash) return null;
  if (!hasApprovalStep(action.steps)) return null;
  return action.quote.requirements?.find((requirement) => requirement.type === 'approval') ?? null;
}

/** True when `allowance` (read at `requirement`'s token and spender) covers what the approval asked for. */
export function approvalCovered(requirement: ApprovalRequirement, allowance: bigint): boolean {
  return allowance >= BigInt(requirement.amount.raw);
}

/** The steps with every approval step `confirmed`: what the chain says once the allowance covers it. */
function withApprovalConfirmed(steps: readonly ActionStep[]): ActionStep[] {
  return steps.map((step) => (step.kind === 'approval' ? { ...step, status: 'confirmed' as const } : step));
}

/**
 * docs/design.md#partner-action-states: an unsigned deposit whose approval the chain now covers is superseded by
 * `fresh`, the action the partner created for the same deposit after the approval (integration rule 4): it ends
 * `cancelled`, not failed, as nothing went wrong. Its approval step is `confirmed`, its deposit step stays unsigned.
 * @param allowance the wallet's allowance at the approval's token and spender, read before the row lock.
 * @returns null when the action is not such a deposit (any more), or the allowance falls short.
 */
export function supersededChanges(
  current: UnsignedActionView,
  fresh: { id: string; request: Record<string, unknown> },
  allowance: bigint,
): UnsignedActionChanges | null {
  const requirement = unsignedApproval(current);
  if (!requirement || !approvalCovered(requirement, allowance)) return null;
  // Only the same deposit moved: another amount is another deposit, which the fresh action did not take over.
  if (current.request.amountRaw !== fresh.request.amountRaw) return null;
  return {
    status: 'cancelled',
    steps: withApprovalConfirmed(current.steps),
    lastError: {
      code: 'SUPERSEDED',
      message: `superseded by action ${fresh.id}: the approval was confirmed on chain and the deposit moved to that action`,
      supersededBy: fresh.id,
    },
  };
}

/**
 * The steps of an unsigned action whose quote expired: an approval the chain covers is `confirmed` (it happened),
 * every other unsigned step `failed`.
 */
export function expiredSteps(steps: readonly ActionStep[], approvalConfirmed: boolean): ActionStep[] {
  const confirmed = approvalConfirmed ? withApprovalConfirmed(steps) : steps;
  return confirmed.map((step) =>
    step.status === 'requires_signature' ? { ...step, status: 'failed' as const } : step,
  );
}
