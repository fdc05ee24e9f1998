import type { PartnerAction, PartnerActionStep } from './api';
import type { FlowContext } from './context';
import { FlowStoppedError } from './errors';
import { pollAction, settledStatuses } from './poll';
import { sendStep } from './send-step';
import type { ReceiptSummary, TxRequest } from './wallet';

/**
 * Deposit rule 4: what follows a confirmed approval step that asks for a refresh. Answers the fresh action to sign
 * instead, or stops the flow.
 */
export type RefreshAfterApproval = (
  action: PartnerAction,
  approval: ReceiptSummary,
) => Promise<PartnerAction>;

type Signable = PartnerActionStep & { tx: TxRequest };

const signable = (step: PartnerActionStep): step is Signable =>
  step.status === 'requires_signature' && step.tx !== undefined;

function unexpected(action: PartnerAction, message: string): FlowStoppedError {
  return new FlowStoppedError('unexpected_step', message, {
    actionId: action.id,
    context: { steps: action.steps.map((step) => `${step.kind}:${step.status}`) },
  });
}

/**
 * Signs only the action's steps, in order (deposit rule 3). Before the final step only approvals are expected,
 * and only where the flow knows how to refresh after one.
 * @returns the action whose final step was sent (a fresh one after a refresh) and the final receipt.
 */
async function signSteps(
  ctx: FlowContext,
  action: PartnerAction,
  refresh: RefreshAfterApproval | undefined,
): Promise<{ action: PartnerAction; receipt: ReceiptSummary }> {
  const final = action.steps[action.steps.length - 1];
  if (!final || final.kind === 'approval' || !signable(final))
    throw unexpected(action, `action ${action.id} has no final step left to sign`);
  for (const step of action.steps.slice(0, -1)) {
    if (!signable(step)) continue;
    if (step.kind !== 'approval' || !refresh)
      throw unexpected(action, `action ${action.id} asks for a ${step.kind} step before its final step`);
    const approval = await sendStep(ctx, action, step);
    // The fresh action is signed without a refresh of its own: refresh already stopped if it holds an approval.
    if (step.refreshQuoteAfterConfirm) return signSteps(ctx, await refresh(action, approval), undefined);
  }
  return { action, receipt: await sendStep(ctx, action, final) };
}

/**
 * Signs the action's steps, submits only the final step's verified hash and polls until the action settles.
 * @returns the settled action (for a queued redemption: waiting_for_keeper or later).
 */
export async function runAction(
  ctx: FlowContext,
  created: PartnerAction,
  refresh?: RefreshAfterApproval,
): Promise<PartnerAction> {
  const { action, receipt } = await signSteps(ctx, created, refresh);
  const submitted = await ctx.api.submitAction(action.id, receipt.hash);
  ctx.progress({ stage: 'submitted', action: submitted });
  return pollAction(ctx, action.id, settledStatuses(action.action));
}
