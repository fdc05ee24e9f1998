import { ref } from './ref';

/** Cross-chain shapes: where deposit funds come from, and where withdrawn USDC goes after settlement on chain 999. */

export const FundingNetwork = {
  type: 'object',
  description:
    'A network USDC can be held on: the settlement chain (the destination of funding) or a source network the partner bridges from. The service never bridges itself; it only describes the networks.',
  required: ['vm', 'chainId', 'chainName', 'token'],
  additionalProperties: false,
  properties: {
    vm: { type: 'string', enum: ['evm', 'svm'], description: 'Virtual machine family of the network.' },
    chainId: ref('ChainId'),
    chainName: { type: 'string', minLength: 1 },
    token: {
      type: 'object',
      description:
        'The USDC token on that network; `address` is base58 on `svm` networks, hence not the EVM pattern.',
      required: ['symbol', 'decimals', 'address'],
      additionalProperties: false,
      properties: {
        symbol: { type: 'string', minLength: 1 },
        decimals: { type: 'integer', minimum: 0, maximum: 77 },
        address: ref('ChainAddress'),
      },
    },
    bridgeWalletAdapter: {
      type: 'string',
      minLength: 1,
      description: 'Optional: the recommended bridge wallet adapter family for this source network.',
    },
  },
} as const;

export const FundingRequirement = {
  type: 'object',
  description:
    '`metadata.funding` of a partner action. Present on deposit actions, where `requiredBeforeAction` is true: the account must already hold settlement-chain USDC before the action is created or executed.',
  required: ['requiredBeforeAction', 'destination', 'submitRule'],
  additionalProperties: false,
  properties: {
    requiredBeforeAction: { type: 'boolean' },
    destination: ref('FundingNetwork'),
    submitRule: {
      type: 'string',
      minLength: 1,
      description: 'Human-readable rule for when the step may be sent.',
    },
  },
} as const;

export const ChainUsdc = {
  type: 'object',
  description: 'USDC on one network, as a bridge leg endpoint.',
  required: ['chainId', 'chainName', 'usdcAddress'],
  additionalProperties: false,
  properties: {
    chainId: ref('ChainId'),
    chainName: { type: 'string', minLength: 1 },
    usdcAddress: ref('ChainAddress'),
  },
} as const;

export const BridgeDeposit = {
  type: 'object',
  description:
    'A bridge deposit address opened for this withdrawal: USDC sent to `depositAddress` on the settlement chain is delivered to `recipient` on the destination chain, or refunded to `refundTo`.',
  required: [
    'provider',
    'requestId',
    'depositAddress',
    'statusUrl',
    'originChainId',
    'destinationChainId',
    'amountRaw',
    'recipient',
    'refundTo',
  ],
  additionalProperties: false,
  properties: {
    provider: { type: 'string', minLength: 1 },
    requestId: { type: 'string', minLength: 1 },
    depositAddress: ref('Address'),
    statusUrl: { type: 'string', format: 'uri' },
    originChainId: ref('ChainId'),
    destinationChainId: ref('ChainId'),
    amountRaw: ref('IntegerString'),
    recipient: ref('Address'),
    refundTo: ref('Address'),
    originCurrency: ref('Address'),
    destinationCurrency: ref('Address'),
  },
} as const;

export const PostSettlementBridge = {
  type: 'object',
  description:
    'Whether withdrawn USDC must be bridged after settlement on chain 999. `required` false means the requested destination is the settlement chain and nothing else is needed. For redeem-async the mode is `post-claim-quote` and `bridge` is null: the bridge is opened by the later claim quote.',
  required: ['required'],
  additionalProperties: false,
  properties: {
    required: { type: 'boolean' },
    provider: { type: 'string', minLength: 1 },
    from: ref('ChainUsdc'),
    to: ref('ChainUsdc'),
    recipient: ref('Address'),
    amountSource: {
      type: 'string',
      enum: ['quote.expected.assets', 'claim.expected.assets', 'fulfilledRedeem.assets'],
      description: 'Which figure decides the bridged amount.',
    },
    mode: { type: 'string', enum: ['deposit-address', 'post-claim-quote'] },
    bridge: { anyOf: [ref('BridgeDeposit'), { type: 'null' }] },
    submitRule: { type: 'string', minLength: 1 },
  },
} as const;

export const WithdrawalMetadata = {
  type: 'object',
  description:
    '`quote.metadata.withdrawal` on redeem and claim quotes: the destination the partner asked for, where the vault actually settles, and the bridge leg in between.',
  required: ['requestedDestination', 'settlement', 'postSettlementBridge'],
  additionalProperties: false,
  properties: {
    requestedDestination: {
      type: 'object',
      required: ['chainId', 'chainName', 'usdcAddress', 'enabled'],
      additionalProperties: false,
      properties: {
        chainId: ref('ChainId'),
        chainName: { type: 'string', minLength: 1 },
        usdcAddress: ref('Address'),
        enabled: { type: 'boolean' },
      },
    },
    settlement: {
      type: 'object',
      required: ['chainId', 'chainName', 'usdcAddress', 'receiver'],
      additionalProperties: false,
      properties: {
        chainId: ref('ChainId'),
        chainName: { type: 'string', minLength: 1 },
        usdcAddress: ref('Address'),
        receiver: ref('Address'),
      },
    },
    postSettlementBridge: ref('PostSettlementBridge'),
  },
} as const;

export const fundingSchemas = {
  FundingNetwork,
  FundingRequirement,
  ChainUsdc,
  BridgeDeposit,
  PostSettlementBridge,
  WithdrawalMetadata,
} as const;
