import type { ActionKind } from '@yv/schemas';
import type { ActionStepDraft, StepTxRequest } from './steps';

/**
 * What a quote hands on: everything an action needs to be persisted and signed. Builders (no credentials) answer
 * only `quote`; partner actions persist the whole plan.
 */
export interface ActionPlan {
  action: ActionKind;
  /** The ActionQuote of the spec, JSON-ready (amounts as strings, blocks as strings). */
  quote: Record<string, unknown> & {
    action: string;
    tx: StepTxRequest;
    expiresAt?: string;
    quoteBlock?: string;
  };
  /** Steps to sign in order; the last one is the action's own transaction (its tx equals quote.tx). */
  steps: ActionStepDraft[];
  wallet: string;
  receiver: string | null;
  redeemId: string | null;
  /** `metadata.funding` for deposits (requiredBeforeAction true), absent otherwise. */
  funding?: Record<string, unknown>;
  /** The validated request, with defaults filled, persisted as the action's `request`. */
  request: Record<string, unknown>;
}
