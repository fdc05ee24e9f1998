import { errorCodesForStatus, type ApiErrorCode, type ErrorStatus } from '../errors';
import { WALLET } from './fixtures';

/**
 * A typical message per code, for the document's examples only (messages are for humans and may change). Keyed by
 * every code, so a new code does not compile until it has one, and no example can carry a code the table lacks.
 */
const MESSAGES = {
  BAD_REQUEST: 'limit must be <= 100',
  BAD_ACTION_REQUEST: 'account holds 12.5 USDC, below the 2000 USDC to deposit',
  BAD_WALLET: 'wallet must be a 20-byte hex address',
  BAD_IDEMPOTENCY_KEY: 'Idempotency-Key must be 8 to 160 characters',
  IDEMPOTENCY_KEY_REQUIRED: 'Idempotency-Key header is required',
  MIN_DEPOSIT_NOT_MET: 'amountRaw 5000000 is below the minimum deposit of 10000000',
  INSTANT_REDEEM_NO_SLIPPAGE: 'slippageBps is required for an instant redemption',
  PARTNER_UNAUTHORIZED: 'missing or invalid API key',
  PARTNER_ACTION_NOT_FOUND: 'partner action 0b6f3c1e-8a4d-4f5b-9c2e-7d1a3b5c9e01 not found',
  REDEEM_NOT_FOUND: 'redemption 7 not found',
  IDEMPOTENCY_CONFLICT:
    'Idempotency-Key already used with a different request (action 0b6f3c1e-8a4d-4f5b-9c2e-7d1a3b5c9e01)',
  REDEEM_NOT_CLAIMABLE: 'redemption 7 is pending, not claimable',
  REDEEM_NOT_CANCELABLE: 'redemption 6 is claimable, not pending',
  REDEEM_NOT_FULFILLABLE: 'redemption 7 needs 525 USDC, the vault has 120 USDC free',
  REDEEM_NOT_OWNER: `redemption 7 is not owned by ${WALLET}`,
  INSUFFICIENT_SHARES: 'account holds 100 shares, 500 requested',
  CAP_EXCEEDED: 'deposit would exceed the vault TVL cap of 5000000 USDC',
  BUFFER_SHORT: 'instant liquidity is 120 USDC, 525 USDC requested: use a queued redemption',
  SLIPPAGE_EXCEEDED: 'the vault would pay below the slippage floor (SlippageExceeded)',
  ACTION_QUOTE_FAILED: 'simulation reverted: DepositsPaused()',
  ACTION_BUILD_FAILED: 'simulation reverted: NotClaimable(7)',
  DEPOSITS_PAUSED: 'deposits are paused on the vault',
  DEPOSITS_NOT_READY: 'deposits are not ready: KEEPER_STALE',
  OPERATIONS_NOT_READY: 'operations are not ready: INDEXER_LAGGING',
  INDEXER_UNAVAILABLE: 'activity cannot be read',
  VAULT_READ_FAILED: 'vault state cannot be read',
  POSITION_READ_FAILED: 'position cannot be read from the chain',
  HLP_UPSTREAM_FAILED: 'no HLP snapshot yet',
  PARTNER_ACTION_FAILED: 'internal error (request 5f1d7c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f)',
  PARTNER_WEBHOOK_FAILED: 'webhook deliveries cannot be read',
  PARTNER_WEBHOOK_RETRY_FAILED: 'the retry queue did not take the deliveries',
} as const satisfies Record<ApiErrorCode, string>;

/** BAD_REQUEST is also the code of an unknown route and of an oversized body (docs/design.md#error-codes). */
const BAD_REQUEST_BY_STATUS: Partial<Record<ErrorStatus, string>> = {
  404: 'no route GET /api/v1/vaults; see /api/v1/openapi.json',
  413: 'the request body is larger than 1048576 bytes',
};

/** The failure envelope the API answers with `code` (under `status`, for BAD_REQUEST's 404 and 413). */
export function errorEnvelopeExample(code: ApiErrorCode, status?: ErrorStatus) {
  const message = (code === 'BAD_REQUEST' && status && BAD_REQUEST_BY_STATUS[status]) || MESSAGES[code];
  return { success: false, error: { code, message } } as const;
}

/** OpenAPI `examples` of the error response of `status`: one envelope per code it can carry, named by the code. */
export function errorExamples(status: ErrorStatus) {
  return Object.fromEntries(
    errorCodesForStatus(status).map((code) => [
      code,
      { summary: code, value: errorEnvelopeExample(code, status) },
    ]),
  );
}
