import type { ActionKind, ApiErrorCode } from '@yv/schemas';
import { ApiError } from '../errors';

/** Quotes price an amount (ACTION_QUOTE_FAILED); builds act on an existing redemption (ACTION_BUILD_FAILED). */
const FAILURE_CODE: Readonly<Record<ActionKind, ApiErrorCode>> = {
  deposit: 'ACTION_QUOTE_FAILED',
  redeem_async: 'ACTION_QUOTE_FAILED',
  redeem_instant: 'ACTION_QUOTE_FAILED',
  claim_redeem: 'ACTION_BUILD_FAILED',
  cancel_redeem: 'ACTION_BUILD_FAILED',
  fulfill_redeem: 'ACTION_BUILD_FAILED',
};

/** The code a fault of the quote's provider (a bridge) is reported with for this kind of action. */
export function quoteFailureCode(kind: ActionKind): ApiErrorCode {
  return FAILURE_CODE[kind];
}

/**
 * The refusal of an action whose simulation reverted. The vault's own slippage guard (`SlippageExceeded`) is
 * SLIPPAGE_EXCEEDED: the output moved below the floor the caller's slippageBps set. Any other revert is the
 * kind's ACTION_QUOTE_FAILED or ACTION_BUILD_FAILED, with the decoded reason.
 */
export function simulatedRevertError(
  kind: ActionKind,
  revert: { name: string } | null,
  reason: string,
  block: bigint,
): ApiError {
  const where = `the chain would revert this ${kind} at block ${block}: ${reason}`;
  if (revert?.name === 'SlippageExceeded')
    return new ApiError('SLIPPAGE_EXCEEDED', `${where}; quote again, or allow more slippage (slippageBps)`);
  return new ApiError(FAILURE_CODE[kind], where);
}

/** The simulated output must meet the floor the caller's slippage set on the quoted figure. */
export function checkSlippage(what: string, simulatedOut: bigint, minimumOut: bigint): void {
  if (simulatedOut < minimumOut)
    throw new ApiError(
      'SLIPPAGE_EXCEEDED',
      `the ${what} would give ${simulatedOut}, below the slippage floor ${minimumOut}; quote again, or allow more slippage (slippageBps)`,
    );
}
