import type { StepKind, StepStatus } from './actions';

/**
 * The TypeScript shapes of a partner action's JSON parts, next to the schemas they follow (PartnerActionStep,
 * TxRequest, ActionQuote): packages/db types its rows with them without depending on packages/domain.
 */

/** A TxRequest of the spec. */
export interface StepTxRequest {
  to: string;
  data: string;
  value: string;
  chainId: number;
}

/** A PartnerActionStep as the spec serves it. */
export interface ActionStep {
  id: string;
  kind: StepKind;
  status: StepStatus;
  title: string;
  tx?: StepTxRequest;
  refreshQuoteAfterConfirm: boolean;
}

/** A `requirements` entry of a stored quote (a TxRequirement), as far as the service reads it back. */
export interface QuoteRequirement {
  type: string;
  token: string;
  spender: string;
  amount: { raw: string };
}

/** The ActionQuote an action stores and serves: what the service reads back is typed, the rest passes through. */
export interface StoredActionQuote {
  requirements?: QuoteRequirement[];
  expiresAt?: string;
  [key: string]: unknown;
}
