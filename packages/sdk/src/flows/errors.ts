import type { Redeem } from './api';

/**
 * Why a flow stopped before the vault's integration rules let it go on. Every reason is a point where signing,
 * submitting or waiting further would break a rule of the spec or spend the user's gas for nothing.
 */
export type FlowStopReason =
  /** Deposit rule 1: the account lacks the settlement-chain USDC (bridge it in first). */
  | 'insufficient_funds'
  /** The wallet holds fewer free shares than the amount to redeem. */
  | 'insufficient_shares'
  /** A withdrawal with mode `instant`: the vault's instant liquidity does not cover the shares' value. */
  | 'instant_unavailable'
  /** The bootstrap read left a section the decision needs null (its entry in `errors` is the detail). */
  | 'state_unavailable'
  /** Deposit rule 4: the fresh action still asks for an approval. */
  | 'approval_pending'
  /** Deposit rule 4: after the approval the deposit pipe's allowance still does not cover the amount. */
  | 'allowance_short'
  /** The action holds a step these flows do not sign (an approval outside a deposit, or no final step to sign). */
  | 'unexpected_step'
  /** Withdrawal rule 4: the transaction reverts at the latest state, so the wallet was never asked. */
  | 'simulation_reverted'
  /** The user declined the wallet's signature request. */
  | 'signature_rejected'
  /** The wallet, the step or the action is on another chain than the settlement chain of the action. */
  | 'wrong_chain'
  /** The step's or the receipt's target is not the address the action's metadata names. */
  | 'wrong_target'
  /** The receipt has a failed status: the hash is never submitted. */
  | 'receipt_failed'
  /** No receipt within the receipt timeout. */
  | 'receipt_timeout'
  /** The action ended `failed` (its `lastError` is the detail). */
  | 'action_failed'
  /** Withdrawal rule 3: an instant redemption or claim to another chain lacks its bridge deposit address. */
  | 'bridge_missing'
  /** The action did not reach a terminal status within the poll timeout; it may still get there. */
  | 'poll_timeout'
  /** The redemption is not among the wallet's records or not `claimable`; `redemptionStatus` says which. */
  | 'not_claimable'
  /** The redemption is not among the wallet's records or not `pending`; `redemptionStatus` says which. */
  | 'not_cancellable';

/** A redemption's status in the wallet's records, or `unknown` when they hold none of that id (not indexed yet?). */
export type RedemptionStatus = Redeem['status'] | 'unknown';

export interface FlowStopDetails {
  /** The action the flow was working on when it stopped, when there was one. */
  actionId?: string;
  /** The transaction concerned (sent, or whose receipt was read). */
  txHash?: string;
  /** The redemption's status, on a `not_claimable` or `not_cancellable` stop. */
  redemptionStatus?: RedemptionStatus;
  /** What the flow saw, for logs: free-form and not part of the contract. */
  context?: Record<string, unknown>;
}

/** A flow stopped at one of the integration rules; branch on `reason`. Nothing after the stop was signed. */
export class FlowStoppedError extends Error {
  override readonly name = 'FlowStoppedError';
  readonly actionId: string | null;
  readonly txHash: string | null;
  /** On `not_claimable` and `not_cancellable`: the status that refused it; null on the other stops. */
  readonly redemptionStatus: RedemptionStatus | null;
  readonly context: Record<string, unknown>;

  constructor(
    readonly reason: FlowStopReason,
    message: string,
    details: FlowStopDetails = {},
  ) {
    super(message);
    this.actionId = details.actionId ?? null;
    this.txHash = details.txHash ?? null;
    this.redemptionStatus = details.redemptionStatus ?? null;
    this.context = details.context ?? {};
  }

  /** For loggers and JSON: the context's bigint amounts become decimal strings (JSON has no bigint). */
  toJSON() {
    const { name, reason, message, actionId, txHash, redemptionStatus, context } = this;
    const json = JSON.stringify(context, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    const plainContext = JSON.parse(json) as Record<string, unknown>;
    return { name, reason, message, actionId, txHash, redemptionStatus, context: plainContext };
  }
}
