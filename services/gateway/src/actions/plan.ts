import type { ActionKind, StepKind } from '@yv/schemas';

/**
 * What the quote layer hands the partner-action layer: everything an action needs to be persisted and signed.
 * Builders (no credentials) return only `quote`; partner actions persist the whole plan.
 */
export interface ActionPlan {
  action: ActionKind;
  /** The ActionQuote of the spec, JSON-ready (amounts as strings, blocks as strings). */
  quote: Record<string, unknown> & {
    action: string;
    tx: TxRequestJson;
    expiresAt?: string;
    quoteBlock?: string;
  };
  /** Steps to sign in order; the last one is the action's own transaction (its tx equals quote.tx). */
  steps: StepDraft[];
  wallet: string;
  receiver: string | null;
  redeemId: string | null;
  /** `metadata.funding` for deposits (requiredBeforeAction true), absent otherwise. */
  funding?: Record<string, unknown>;
  /** The validated request, with defaults filled, persisted as the action's `request`. */
  request: Record<string, unknown>;
}

export interface StepDraft {
  kind: StepKind;
  title: string;
  tx: TxRequestJson;
  refreshQuoteAfterConfirm: boolean;
}

export interface TxRequestJson {
  to: string;
  data: string;
  value: string;
  chainId: number;
}
