import { ApiError } from '../errors';
import { parseRawAmount } from '../amount';

export const BPS_DENOMINATOR = 10_000n;
export const MAX_SLIPPAGE_BPS = 2_000;

/**
 * How long a quote is promised: 120 s. Long enough for a wallet prompt and a human to read it, short enough that
 * the vault's price (it moves with every NAV report) is still the one shown. Overridable per deployment
 * (QUOTE_TTL_MS); partner actions not submitted by then fail (docs/design.md#partner-action-states).
 */
export const DEFAULT_QUOTE_TTL_MS = 120_000;

/** The on-chain floor for `expected`: floor(expected × (10000 − slippageBps) / 10000), never above `expected`. */
export function minimumOut(expected: bigint, slippageBps: number): bigint {
  if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > MAX_SLIPPAGE_BPS) {
    throw new ApiError(
      'BAD_ACTION_REQUEST',
      `slippageBps must be an integer from 0 to ${MAX_SLIPPAGE_BPS}, got ${slippageBps}`,
    );
  }
  return (expected * (BPS_DENOMINATOR - BigInt(slippageBps))) / BPS_DENOMINATOR;
}

export function quoteExpiresAt(quotedAt: Date, ttlMs: number): Date {
  return new Date(quotedAt.getTime() + ttlMs);
}

/**
 * A positive uint256 from a wire amount string (shape already checked by the schema).
 * @throws ApiError BAD_ACTION_REQUEST naming `field` when zero or above 2^256-1.
 */
export function positiveAmount(field: string, value: string): bigint {
  const amount = parseRawAmount(value);
  if (amount === null) {
    throw new ApiError(
      'BAD_ACTION_REQUEST',
      `${field} must be an integer string within uint256 (at most 2^256-1)`,
    );
  }
  if (amount === 0n) throw new ApiError('BAD_ACTION_REQUEST', `${field} must be positive, got 0`);
  return amount;
}

/** A redemption id within uint256 (0 is a valid id shape; the chain says whether it exists). */
export function redemptionId(value: string): bigint {
  const id = parseRawAmount(value);
  if (id === null) throw new ApiError('BAD_ACTION_REQUEST', 'id must be an integer string within uint256');
  return id;
}

/** An approval is needed exactly when the allowance does not cover the amount. */
export function allowanceShort(allowance: bigint, amount: bigint): boolean {
  return allowance < amount;
}
