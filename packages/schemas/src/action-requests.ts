import { ref } from './ref';

/**
 * Request bodies of the builders and partner actions. All are closed (unknown fields are a 400, so a typo such as
 * `slipageBps` is reported instead of silently using the default). The validator applies `default`s in place; the
 * one default JSON Schema cannot express, `receiver` = `account`, is applied by the gateway.
 */

const SETTLEMENT_CHAIN_ID = 999;

const slippageBps = (fallback: string) =>
  ({
    type: 'integer',
    minimum: 0,
    maximum: 2000,
    description: `Maximum accepted slippage against the quote, in basis points (0 to 2000 = 20 %). ${fallback}`,
  }) as const;

const receiveChainId = {
  ...ref('ChainId'),
  default: SETTLEMENT_CHAIN_ID,
  description:
    'The chain the USDC should finally arrive on. 999 (the settlement chain) needs no bridge; another supported destination (config.withdraw.supportedDestinations) adds bridge metadata to the quote. Persist it and pass it again to the later claim.',
} as const;

const receiver = {
  ...ref('Address'),
  description: 'Who receives the result. Optional: defaults to `account`.',
} as const;

export const DepositRequest = {
  type: 'object',
  description:
    'Body of POST /api/v1/actions/deposit/quote and POST /api/v1/partner/actions/deposit. `amountRaw` and `account` are required: a deposit without an amount or payer cannot be quoted. The account must already hold settlement-chain USDC.',
  required: ['amountRaw', 'account'],
  additionalProperties: false,
  properties: {
    amountRaw: {
      ...ref('IntegerString'),
      description: 'USDC to deposit, in the smallest unit (6 decimals).',
    },
    account: { ...ref('Address'), description: 'The wallet that holds the USDC and signs the steps.' },
    receiver: { ...receiver, description: 'Who receives the vault shares. Optional: defaults to `account`.' },
    slippageBps: {
      ...slippageBps(
        'Optional: defaults to 50 (0.5 %), the value of the integration guide; sets `minShares`.',
      ),
      default: 50,
    },
  },
} as const;

export const RedeemAsyncRequest = {
  type: 'object',
  description:
    'Body of POST /api/v1/actions/redeem-async/quote and POST /api/v1/partner/actions/redeem-async: a queued redemption, fulfilled later by the keeper. `sharesRaw` and `account` are required. No receiver: the shares are escrowed from `account`, and the receiver is chosen at claim time.',
  required: ['sharesRaw', 'account'],
  additionalProperties: false,
  properties: {
    sharesRaw: { ...ref('IntegerString'), description: 'Vault shares to redeem, in the smallest unit.' },
    account: { ...ref('Address'), description: 'The share owner who signs.' },
    slippageBps: { ...slippageBps('Optional: defaults to 50.'), default: 50 },
    receiveChainId,
  },
} as const;

export const RedeemInstantRequest = {
  type: 'object',
  description:
    'Body of POST /api/v1/partner/actions/redeem-instant: redeem against the vault buffer in one transaction. `sharesRaw` and `account` are required. `slippageBps` has no default on purpose: an instant redeem without a floor is refused with 400 INSTANT_REDEEM_NO_SLIPPAGE rather than a generic validation error.',
  required: ['sharesRaw', 'account'],
  additionalProperties: false,
  properties: {
    sharesRaw: { ...ref('IntegerString'), description: 'Vault shares to redeem, in the smallest unit.' },
    account: { ...ref('Address'), description: 'The share owner who signs.' },
    receiver: {
      ...receiver,
      description: 'Who receives the USDC on chain 999. Optional: defaults to `account`.',
    },
    slippageBps: slippageBps('Sets `minAssetsOut`; required in practice (see the body description).'),
    receiveChainId,
  },
} as const;

export const ClaimRequest = {
  type: 'object',
  description: 'Body of POST /api/v1/partner/actions/claim: claim a claimable redemption.',
  required: ['id', 'account', 'receiver'],
  additionalProperties: false,
  properties: {
    id: ref('RedeemId'),
    account: { ...ref('Address'), description: 'The redemption owner who signs.' },
    receiver: {
      ...ref('Address'),
      description:
        'Who receives the USDC. With a receiveChainId other than 999, the on-chain receiver becomes the bridge deposit address and this address receives on the destination chain.',
    },
    receiveChainId,
  },
} as const;

export const CancelRequest = {
  type: 'object',
  description:
    'Body of POST /api/v1/actions/cancel/build and POST /api/v1/partner/actions/cancel: cancel a pending redemption.',
  required: ['id', 'account'],
  additionalProperties: false,
  properties: {
    id: ref('RedeemId'),
    account: { ...ref('Address'), description: 'The redemption owner who signs.' },
  },
} as const;

export const FulfillRequest = {
  type: 'object',
  description:
    'Body of POST /api/v1/actions/fulfill/build and POST /api/v1/partner/actions/fulfill: fulfilment is permissionless, so no account is sent.',
  required: ['id'],
  additionalProperties: false,
  properties: { id: ref('RedeemId') },
} as const;

export const SubmitRequest = {
  type: 'object',
  description:
    'Body of POST /api/v1/partner/actions/{id}/submit: the hash of the sent final transaction, after its receipt was verified (success, target as in the action metadata).',
  required: ['txHash'],
  additionalProperties: false,
  properties: { txHash: ref('TxHash') },
} as const;

export const IdempotencyKey = {
  type: 'string',
  minLength: 8,
  maxLength: 160,
  description:
    'Header `Idempotency-Key` of every creating partner-action request. Scoped to the partner: the same key with the same method, path and body replays the existing action (`idempotentReplay` true); with a different body it is 409 IDEMPOTENCY_CONFLICT.',
} as const;

export const actionRequestSchemas = {
  DepositRequest,
  RedeemAsyncRequest,
  RedeemInstantRequest,
  ClaimRequest,
  CancelRequest,
  FulfillRequest,
  SubmitRequest,
  IdempotencyKey,
} as const;
