import { ApiError } from '../errors';
import type { DepositFacts, QuoteReadiness, QuoteRedemption, RedeemFacts } from './types';

/**
 * The rules a quote is refused by, one function per action, each raising the code of the error table
 * (docs/design.md#error-codes). They run on facts read at the quote block; the final simulation then catches
 * anything they do not model.
 */

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function checkOperationsReady(readiness: QuoteReadiness): void {
  if (!readiness.operations)
    throw new ApiError(
      'OPERATIONS_NOT_READY',
      'vault operations are not ready (see /api/v1/health ready.reasonCodes); retry later',
    );
}

export function checkDeposit(facts: DepositFacts, assets: bigint, readiness: QuoteReadiness): void {
  if (!readiness.deposits)
    throw new ApiError(
      'DEPOSITS_NOT_READY',
      'deposits are not ready (see /api/v1/health ready.reasonCodes); retry later',
    );
  if (facts.depositsPaused)
    throw new ApiError('DEPOSITS_PAUSED', 'deposits are paused by the vault; exits stay available');
  if (assets < facts.minimumDeposit) {
    throw new ApiError(
      'MIN_DEPOSIT_NOT_MET',
      `amountRaw ${assets} is below the minimum deposit of ${facts.minimumDeposit}`,
    );
  }
  const unfunded = `account holds ${facts.usdcBalance} settlement-chain USDC, less than amountRaw ${assets}; fund it on chain 999 first (bridge with the account as recipient)`;
  const caps = [
    assets > facts.globalDepositRoom &&
      `the vault's remaining deposit room of ${facts.globalDepositRoom} (maxTvl)`,
    assets > facts.userDepositRoom &&
      `the receiver's remaining deposit room of ${facts.userDepositRoom} (maxUserDeposit)`,
  ].filter((cap) => cap !== false);
  // One refusal names every limit the amount breaks, so a partner does not fix one only to be refused by the next.
  if (caps.length > 0) {
    const alsoUnfunded = facts.usdcBalance < assets ? `; also, the ${unfunded}` : '';
    throw new ApiError('CAP_EXCEEDED', `amountRaw ${assets} exceeds ${caps.join(' and ')}${alsoUnfunded}`);
  }
  if (facts.usdcBalance < assets) throw new ApiError('BAD_ACTION_REQUEST', unfunded);
}

function checkSharesHeld(facts: RedeemFacts, shares: bigint): void {
  if (facts.shareBalance < shares) {
    throw new ApiError(
      'INSUFFICIENT_SHARES',
      `account holds ${facts.shareBalance} shares, less than sharesRaw ${shares}`,
    );
  }
}

export function checkRedeemAsync(facts: RedeemFacts, shares: bigint, readiness: QuoteReadiness): void {
  checkOperationsReady(readiness);
  checkSharesHeld(facts, shares);
}

/** `slippageBps` has no default on an instant redeem: a floor the partner did not choose is no floor. */
export function checkRedeemInstant(
  facts: RedeemFacts,
  shares: bigint,
  expectedAssets: bigint,
  slippageBps: number | undefined,
  readiness: QuoteReadiness,
): asserts slippageBps is number {
  if (slippageBps === undefined) {
    throw new ApiError(
      'INSTANT_REDEEM_NO_SLIPPAGE',
      'slippageBps is required for an instant redeem (0 to 2000); it sets minAssetsOut',
    );
  }
  checkOperationsReady(readiness);
  checkSharesHeld(facts, shares);
  if (expectedAssets > facts.instantRedeemCapacity) {
    throw new ApiError(
      'BUFFER_SHORT',
      `instant liquidity ${facts.instantRedeemCapacity} does not cover the ${expectedAssets} assets of sharesRaw ${shares}; use redeem-async`,
    );
  }
}

function existing(redemption: QuoteRedemption): QuoteRedemption {
  if (redemption.status === 'none')
    throw new ApiError('REDEEM_NOT_FOUND', `redemption ${redemption.id} does not exist`);
  return redemption;
}

function owned(redemption: QuoteRedemption, account: string): void {
  if (!sameAddress(redemption.owner, account)) {
    throw new ApiError(
      'REDEEM_NOT_OWNER',
      `redemption ${redemption.id} belongs to ${redemption.owner}, not ${account}`,
    );
  }
}

export function checkClaim(redemption: QuoteRedemption, account: string, readiness: QuoteReadiness): void {
  checkOperationsReady(readiness);
  owned(existing(redemption), account);
  if (redemption.status !== 'claimable') {
    throw new ApiError(
      'REDEEM_NOT_CLAIMABLE',
      `redemption ${redemption.id} is ${redemption.status}, not claimable`,
    );
  }
}

export function checkCancel(redemption: QuoteRedemption, account: string, readiness: QuoteReadiness): void {
  checkOperationsReady(readiness);
  owned(existing(redemption), account);
  if (redemption.status !== 'pending') {
    throw new ApiError(
      'REDEEM_NOT_CANCELABLE',
      `redemption ${redemption.id} is ${redemption.status}; only a pending one can be cancelled`,
    );
  }
}

/** Fulfilment is permissionless, so there is no owner to check; liquidity is checked against the preview. */
export function checkFulfill(
  redemption: QuoteRedemption,
  expectedAssets: bigint,
  instantRedeemCapacity: bigint,
  readiness: QuoteReadiness,
): void {
  checkOperationsReady(readiness);
  existing(redemption);
  if (redemption.status !== 'pending') {
    throw new ApiError(
      'REDEEM_NOT_FULFILLABLE',
      `redemption ${redemption.id} is ${redemption.status}; only a pending one can be fulfilled`,
    );
  }
  if (expectedAssets > instantRedeemCapacity) {
    throw new ApiError(
      'REDEEM_NOT_FULFILLABLE',
      `vault liquidity ${instantRedeemCapacity} does not cover the ${expectedAssets} assets of redemption ${redemption.id}; the keeper must free liquidity first`,
    );
  }
}
