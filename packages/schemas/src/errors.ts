import { ref } from './ref';

/** Every error code the API can answer with, exactly the spec's `ApiErrorCode` enum. */
export const API_ERROR_CODES = [
  'ACTION_BUILD_FAILED',
  'ACTION_QUOTE_FAILED',
  'BAD_ACTION_REQUEST',
  'BAD_REQUEST',
  'BAD_WALLET',
  'BUFFER_SHORT',
  'CAP_EXCEEDED',
  'DEPOSITS_NOT_READY',
  'DEPOSITS_PAUSED',
  'BAD_IDEMPOTENCY_KEY',
  'HLP_UPSTREAM_FAILED',
  'IDEMPOTENCY_CONFLICT',
  'IDEMPOTENCY_KEY_REQUIRED',
  'INDEXER_UNAVAILABLE',
  'INSUFFICIENT_SHARES',
  'INSTANT_REDEEM_NO_SLIPPAGE',
  'OPERATIONS_NOT_READY',
  'MIN_DEPOSIT_NOT_MET',
  'PARTNER_ACTION_FAILED',
  'PARTNER_ACTION_NOT_FOUND',
  'PARTNER_UNAUTHORIZED',
  'PARTNER_WEBHOOK_FAILED',
  'PARTNER_WEBHOOK_RETRY_FAILED',
  'POSITION_READ_FAILED',
  'REDEEM_NOT_CANCELABLE',
  'REDEEM_NOT_CLAIMABLE',
  'REDEEM_NOT_FOUND',
  'REDEEM_NOT_FULFILLABLE',
  'REDEEM_NOT_OWNER',
  'SLIPPAGE_EXCEEDED',
  'VAULT_READ_FAILED',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The HTTP status each code is answered with (docs/design.md#error-codes). Only the HTTP edge and the OpenAPI
 * document use this; domain code raises codes, never statuses. Unknown routes (404) and oversized bodies (413)
 * reuse `BAD_REQUEST`, so those two statuses are not derivable from the code alone.
 */
export const API_ERROR_STATUS = {
  BAD_REQUEST: 400,
  BAD_ACTION_REQUEST: 400,
  BAD_WALLET: 400,
  BAD_IDEMPOTENCY_KEY: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  MIN_DEPOSIT_NOT_MET: 400,
  INSTANT_REDEEM_NO_SLIPPAGE: 400,
  PARTNER_UNAUTHORIZED: 401,
  PARTNER_ACTION_NOT_FOUND: 404,
  REDEEM_NOT_FOUND: 404,
  IDEMPOTENCY_CONFLICT: 409,
  REDEEM_NOT_CLAIMABLE: 409,
  REDEEM_NOT_CANCELABLE: 409,
  REDEEM_NOT_FULFILLABLE: 409,
  REDEEM_NOT_OWNER: 409,
  INSUFFICIENT_SHARES: 409,
  CAP_EXCEEDED: 409,
  BUFFER_SHORT: 409,
  SLIPPAGE_EXCEEDED: 409,
  ACTION_QUOTE_FAILED: 422,
  ACTION_BUILD_FAILED: 422,
  DEPOSITS_PAUSED: 503,
  DEPOSITS_NOT_READY: 503,
  OPERATIONS_NOT_READY: 503,
  INDEXER_UNAVAILABLE: 503,
  VAULT_READ_FAILED: 503,
  POSITION_READ_FAILED: 503,
  HLP_UPSTREAM_FAILED: 503,
  PARTNER_ACTION_FAILED: 500,
  PARTNER_WEBHOOK_FAILED: 500,
  PARTNER_WEBHOOK_RETRY_FAILED: 500,
} as const satisfies Record<ApiErrorCode, number>;

export type ErrorStatus = (typeof API_ERROR_STATUS)[ApiErrorCode] | 413;

/** The codes answered with one status, in table order; 404 and 413 include `BAD_REQUEST` (unknown route, oversized body). */
export function errorCodesForStatus(status: ErrorStatus): ApiErrorCode[] {
  const codes = API_ERROR_CODES.filter((code) => API_ERROR_STATUS[code] === status);
  return status === 404 || status === 413 ? ['BAD_REQUEST', ...codes] : codes;
}

export const ApiErrorCodeSchema = {
  type: 'string',
  enum: API_ERROR_CODES,
  description:
    'A stable, machine-readable error code. Branch on the code, never on the message; the HTTP status of each code is fixed (see the error responses of each operation).',
} as const;

export const ApiError = {
  type: 'object',
  description:
    'What went wrong. `message` is for humans and names the offending field and what is allowed; it may change wording at any time.',
  required: ['code', 'message'],
  additionalProperties: false,
  properties: {
    code: ref('ApiErrorCode'),
    message: { type: 'string', minLength: 1 },
  },
} as const;

export const ErrorResponse = {
  type: 'object',
  description: 'The failure envelope of every endpoint. Never a stack trace, never HTML.',
  required: ['success', 'error'],
  additionalProperties: false,
  properties: {
    success: { const: false },
    error: ref('ApiError'),
  },
} as const;

export const errorSchemas = { ApiErrorCode: ApiErrorCodeSchema, ApiError, ErrorResponse } as const;
