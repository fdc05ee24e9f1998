import { Address, DateTime, IntegerString, RedeemId, TxHash, orNull } from './common';
import { ref } from './ref';

/** Quotes, unsigned transactions and persisted partner actions. */

export const ACTION_KINDS = [
  'deposit',
  'redeem_instant',
  'redeem_async',
  'claim_redeem',
  'cancel_redeem',
  'fulfill_redeem',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export const PARTNER_ACTION_STATUSES = [
  'created',
  'requires_signature',
  'submitted',
  'confirmed',
  'indexed',
  'waiting_for_keeper',
  'claimable',
  'claimed',
  'cancelled',
  'failed',
] as const;
export type PartnerActionStatus = (typeof PARTNER_ACTION_STATUSES)[number];

export const STEP_KINDS = ['approval', ...ACTION_KINDS] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const STEP_STATUSES = ['requires_signature', 'submitted', 'confirmed', 'failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const ActionKindSchema = {
  type: 'string',
  enum: ACTION_KINDS,
  description: 'The operation an action or quote performs, named as the partner action kinds.',
} as const;

export const PartnerActionStatusSchema = {
  type: 'string',
  enum: PARTNER_ACTION_STATUSES,
  description:
    'Lifecycle of a partner action. created → submitted → confirmed → indexed; a redeem_async continues indexed → waiting_for_keeper → claimable → claimed, or → cancelled. An unsigned deposit with an approval step → cancelled when the fresh action of the same deposit is created after the approval (lastError.code SUPERSEDED). submitted → failed when the receipt fails or the tx is dropped; created → failed when `quote.expiresAt` passes with nothing submitted. requires_signature is entered by no change any more (actions that entered it earlier move on as from created). Terminal: indexed (deposit, instant redeem, claim, cancel, fulfil), claimed, cancelled, failed. waiting_for_keeper is not an error.',
} as const;

export const TxRequest = {
  type: 'object',
  description: 'An unsigned transaction for the caller to sign and send. The service never signs or sends.',
  required: ['to', 'data', 'value', 'chainId'],
  additionalProperties: false,
  properties: {
    to: ref('Address'),
    data: ref('HexData'),
    value: {
      ...IntegerString,
      description: 'Native value in wei, as an integer string (0 for every vault call).',
    },
    chainId: ref('ChainId'),
  },
} as const;

export const TxRequirement = {
  type: 'object',
  description: 'A transaction that must be confirmed before the quoted one can succeed (an ERC-20 approval).',
  required: ['type', 'token', 'spender', 'amount', 'tx'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['approval'] },
    token: ref('Address'),
    spender: ref('Address'),
    amount: ref('Amount'),
    tx: ref('TxRequest'),
  },
} as const;

function expected(description: string, required: readonly string[], optional: readonly string[] = []) {
  const names = [...required, ...optional];
  return {
    type: 'object',
    description,
    required,
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, ref('Amount')])),
  } as const;
}

export const ExpectedDeposit = expected(
  'Expected outcome of a deposit: assets in, shares out at the quote block, and the slippage floor enforced on chain.',
  ['assets', 'shares', 'minShares'],
);
export const ExpectedRedeem = expected(
  'Expected outcome of an instant or queued redemption. `minAssetsOut` is present when a slippage floor is enforced on chain (instant redeem).',
  ['shares', 'assets'],
  ['minAssetsOut'],
);
export const ExpectedClaim = expected('Expected outcome of a claim: the assets fixed at fulfilment.', [
  'assets',
]);
export const ExpectedCancel = expected('Expected outcome of a cancel: the escrowed shares returned.', [
  'shares',
]);
export const ExpectedFulfill = expected(
  'Expected outcome of a fulfilment: shares burned, assets reserved, and the floor the keeper accepts.',
  ['shares', 'assets', 'minAssetsOut'],
);

export const ActionQuote = {
  type: 'object',
  description:
    'A priced, unsigned transaction. Figures are read at `quoteBlock` and are valid until `expiresAt`; after that, quote again. If `requirements` is non-empty, those transactions must be confirmed first.',
  required: ['action', 'tx'],
  additionalProperties: false,
  properties: {
    action: ref('ActionKind'),
    tx: ref('TxRequest'),
    account: ref('Address'),
    receiver: ref('Address'),
    metadata: {
      type: 'object',
      description:
        'Free-form; may hold `withdrawal` on redeem and claim quotes. Clients must ignore unknown keys.',
      additionalProperties: true,
      properties: { withdrawal: ref('WithdrawalMetadata') },
    },
    quoteBlock: { ...IntegerString, description: 'Settlement-chain block number of the live quote reads.' },
    requirements: { type: 'array', items: ref('TxRequirement') },
    expected: {
      description:
        'One of the Expected shapes, chosen by `action` (deposit, redeem for redeem_instant/redeem_async, claim, cancel, fulfill). anyOf, not oneOf: the redeem shape with `minAssetsOut` has the same fields as the fulfil shape.',
      anyOf: [
        ref('ExpectedDeposit'),
        ref('ExpectedRedeem'),
        ref('ExpectedClaim'),
        ref('ExpectedCancel'),
        ref('ExpectedFulfill'),
      ],
    },
    slippageBps: ref('Bps'),
    expiresAt: ref('DateTime'),
  },
} as const;

export const PartnerActionStep = {
  type: 'object',
  description:
    'One transaction to sign, in order. Sign only the listed steps. After an approval step (refreshQuoteAfterConfirm true) is confirmed, create a fresh action before signing the next step. `tx` is absent when nothing remains to sign for the step.',
  required: ['id', 'kind', 'status', 'title', 'refreshQuoteAfterConfirm'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1 },
    kind: { type: 'string', enum: STEP_KINDS },
    status: { type: 'string', enum: STEP_STATUSES },
    title: { type: 'string', minLength: 1 },
    tx: ref('TxRequest'),
    refreshQuoteAfterConfirm: { type: 'boolean' },
  },
} as const;

export const VaultContractAddresses = {
  type: 'object',
  description: 'The settlement-chain contracts an action talks to. Verify a receipt target against these.',
  required: ['share', 'core', 'depositPipe', 'redemptionPipe', 'asset'],
  additionalProperties: false,
  properties: {
    share: ref('Address'),
    core: ref('Address'),
    depositPipe: ref('Address'),
    redemptionPipe: ref('Address'),
    asset: ref('Address'),
  },
} as const;

export const PartnerActionMetadata = {
  type: 'object',
  description:
    'Where the action executes. `funding` is present on deposit actions only (settlement-chain USDC is required first).',
  required: ['contractVersion', 'chainId', 'addresses'],
  additionalProperties: false,
  properties: {
    contractVersion: ref('ContractVersion'),
    chainId: ref('ChainId'),
    addresses: ref('VaultContractAddresses'),
    funding: ref('FundingRequirement'),
  },
} as const;

export const PartnerAction = {
  type: 'object',
  description:
    'A persisted, idempotent partner action. Poll it until a terminal status. The spec lists `contractVersion` and `addresses` both inside `metadata` and as rows of the action, so both places are served, with the same values.',
  required: [
    'id',
    'action',
    'status',
    'wallet',
    'receiver',
    'redeemId',
    'txHash',
    'request',
    'quote',
    'steps',
    'lastError',
    'indexingPending',
    'indexedAt',
    'receiptBlockNumber',
    'idempotentReplay',
    'metadata',
    'contractVersion',
    'addresses',
    'timestamps',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    action: ref('ActionKind'),
    status: ref('PartnerActionStatus'),
    wallet: ref('Address'),
    receiver: orNull(
      Address,
      'Receiver of the assets or shares; null for actions without one (cancel, fulfil).',
    ),
    redeemId: orNull(
      RedeemId,
      'The redemption acted on (claim, cancel, fulfil), or created by a redeem_async once indexed; null otherwise.',
    ),
    txHash: orNull(TxHash, 'The submitted final transaction hash; null until submitted.'),
    request: {
      type: 'object',
      additionalProperties: true,
      description: 'The validated request body as received (free-form).',
    },
    quote: ref('ActionQuote'),
    steps: { type: 'array', minItems: 1, items: ref('PartnerActionStep') },
    lastError: {
      type: ['object', 'null'],
      additionalProperties: true,
      description:
        'Why the action failed, or which action superseded it (free-form, `code` and `message`; a superseded deposit adds `supersededBy`); null unless it failed or was superseded.',
    },
    indexingPending: {
      type: 'boolean',
      description: 'True when the final tx is confirmed but its events are not yet indexed.',
    },
    indexedAt: orNull(
      DateTime,
      'When the final receipt was decoded into activity/redeem state; null before.',
    ),
    receiptBlockNumber: orNull(
      IntegerString,
      'Block number of the final transaction receipt on the settlement chain; null before confirmation.',
    ),
    idempotentReplay: {
      type: 'boolean',
      description:
        'True when this response replays an existing action for the same partner and Idempotency-Key.',
    },
    metadata: ref('PartnerActionMetadata'),
    contractVersion: ref('ContractVersion'),
    addresses: ref('VaultContractAddresses'),
    timestamps: {
      type: 'object',
      required: ['createdAt', 'updatedAt'],
      additionalProperties: false,
      properties: { createdAt: ref('DateTime'), updatedAt: ref('DateTime') },
    },
  },
} as const;

export const actionSchemas = {
  ActionKind: ActionKindSchema,
  PartnerActionStatus: PartnerActionStatusSchema,
  TxRequest,
  TxRequirement,
  ExpectedDeposit,
  ExpectedRedeem,
  ExpectedClaim,
  ExpectedCancel,
  ExpectedFulfill,
  ActionQuote,
  PartnerActionStep,
  VaultContractAddresses,
  PartnerActionMetadata,
  PartnerAction,
} as const;
