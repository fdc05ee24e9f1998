import type { ActionStep, StepKind, StepStatus, StepTxRequest } from '@yv/schemas';

// The step's wire shapes live with their schema (packages/db types its rows with them); the rules are here.
export type { ActionStep, StepTxRequest } from '@yv/schemas';

export interface ActionStepDraft {
  kind: StepKind;
  title: string;
  tx: StepTxRequest;
  refreshQuoteAfterConfirm: boolean;
}

/** Numbers the planned steps (`step-1`, ...) in signing order, all waiting for a signature. */
export function toActionSteps(drafts: readonly ActionStepDraft[]): ActionStep[] {
  if (drafts.length === 0) throw new Error('an action needs at least one step');
  return drafts.map((draft, index) => ({
    id: `step-${index + 1}`,
    kind: draft.kind,
    status: 'requires_signature',
    title: draft.title,
    tx: draft.tx,
    refreshQuoteAfterConfirm: draft.refreshQuoteAfterConfirm,
  }));
}

/** The action's own transaction: the one whose hash is submitted. */
export function finalStep(steps: readonly ActionStep[]): ActionStep {
  const last = steps[steps.length - 1];
  if (!last) throw new Error('an action has at least one step');
  return last;
}

/** A copy of `steps` with the final step in `status`; earlier (approval) steps are left as they are. */
export function withFinalStepStatus(steps: readonly ActionStep[], status: StepStatus): ActionStep[] {
  return steps.map((step, index) => (index === steps.length - 1 ? { ...step, status } : step));
}
