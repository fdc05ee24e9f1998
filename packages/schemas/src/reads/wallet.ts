import { RedeemId, TxHash, orNull } from '../common';
import { nullable, ref } from '../ref';

/** Per-wallet reads: position (live chain reads), activity and redemption records (indexed). */

export const REDEEM_STATUSES = ['pending', 'claimable', 'claimed', 'cancelled'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

export const ACTIVITY_TYPES = [
  'deposit',
  'redeem_requested',
  'redeem_fulfilled',
  'redeem_claimed',
  'redeem_cancelled',
  'redeem_instant',
  'transfer',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The contract event each activity type is decoded from, in ACTIVITY_TYPES order. */
export const ACTIVITY_EVENT_NAMES = [
  'Deposit',
  'RedeemRequested',
  'RedeemFulfilled',
  'RedeemClaimed',
  'RedeemCancelled',
  'InstantRedeem',
  'Transfer',
] as const;
export type ActivityEventName = (typeof ACTIVITY_EVENT_NAMES)[number];

export const Redeem = {
  type: 'object',
  description:
    'A queued redemption. pending (waiting for the keeper; not a failure, may be cancelled) → claimable (fulfilled, assets fixed) → claimed; pending → cancelled (shares returned). Each transition tx hash is null until it happens.',
  required: [
    'id',
    'status',
    'wallet',
    'owner',
    'receiver',
    'requestedTxHash',
    'fulfilledTxHash',
    'claimedTxHash',
    'cancelledTxHash',
    'requestedAt',
    'updatedAt',
    'shares',
    'assets',
    'assetsEstimate',
  ],
  additionalProperties: false,
  properties: {
    id: ref('RedeemId'),
    status: { type: 'string', enum: REDEEM_STATUSES },
    wallet: { ...ref('Address'), description: 'The wallet this record is listed under (the owner).' },
    owner: ref('Address'),
    receiver: {
      ...ref('Address'),
      description:
        'The receiver set at request time; a claim may pay another receiver (see its activity event).',
    },
    requestedTxHash: ref('TxHash'),
    fulfilledTxHash: orNull(TxHash, 'null before fulfilment.'),
    claimedTxHash: orNull(TxHash, 'null before the claim.'),
    cancelledTxHash: orNull(TxHash, 'null unless cancelled.'),
    requestedAt: ref('DateTime'),
    updatedAt: ref('DateTime'),
    shares: { ...ref('Amount'), description: 'Shares escrowed by the request.' },
    assets: {
      ...ref('Amount'),
      description:
        "The USDC the redemption pays. Fixed by the keeper at fulfilment (claimable, claimed); while pending, the escrowed shares at the vault's share price now, rounded down (the latest vault snapshot's `sharePrice`; in a `redeem.updated` webhook the price at the block its move was decided), with `assetsEstimate` true; 0 for a cancelled redemption, whose shares went back to the owner.",
    },
    assetsEstimate: {
      type: 'boolean',
      description:
        'True while pending: `assets` is the value of the shares now and moves with the share price until fulfilment fixes it.',
    },
  },
} as const;

export const ActivityEvent = {
  type: 'object',
  description:
    'One indexed vault event touching the wallet, newest first. `type` and `eventName` pair as deposit/Deposit, redeem_requested/RedeemRequested, redeem_fulfilled/RedeemFulfilled, redeem_claimed/RedeemClaimed, redeem_cancelled/RedeemCancelled, redeem_instant/InstantRedeem, transfer/Transfer (share transfer: owner = from, receiver = to). (txHash, logIndex) identifies an event.',
  required: [
    'type',
    'eventName',
    'txHash',
    'blockNumber',
    'logIndex',
    'timestamp',
    'wallet',
    'owner',
    'receiver',
    'assets',
    'shares',
    'redeemId',
  ],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ACTIVITY_TYPES },
    eventName: { type: 'string', enum: ACTIVITY_EVENT_NAMES },
    txHash: ref('TxHash'),
    blockNumber: ref('IntegerString'),
    logIndex: { type: 'integer', minimum: 0 },
    timestamp: { ...ref('DateTime'), description: 'Block time.' },
    wallet: ref('Address'),
    owner: {
      ...ref('Address'),
      description: 'Deposit: the sender; redemptions: the share owner; transfer: from.',
    },
    receiver: ref('Address'),
    assets: {
      ...nullable('Amount'),
      description:
        'USDC moved; null for events that move no USDC (redeem_requested, redeem_cancelled, transfer).',
    },
    shares: ref('Amount'),
    redeemId: orNull(RedeemId, 'The redemption of a redeem_* queued event; null for the others.'),
  },
} as const;

export const Position = {
  type: 'object',
  description: 'A wallet position, read live from the chain at one block, with its redemption records.',
  required: ['wallet', 'balances', 'allowance', 'limits', 'redeemsAvailable', 'redeems'],
  additionalProperties: false,
  properties: {
    wallet: ref('Address'),
    balances: {
      type: 'object',
      required: ['usdc', 'shares', 'shareValue'],
      additionalProperties: false,
      properties: {
        usdc: ref('Amount'),
        shares: ref('Amount'),
        shareValue: { ...ref('Amount'), description: 'USDC value of `shares` at the current share price.' },
      },
    },
    allowance: {
      type: 'object',
      required: ['vaultUsdc'],
      additionalProperties: false,
      properties: {
        vaultUsdc: {
          ...ref('Amount'),
          description:
            'USDC allowance of the wallet to the deposit spender (DepositPipe on svc-pipe-v2, the vault on svc-vault-v3).',
        },
      },
    },
    limits: {
      type: 'object',
      description: 'ERC-4626-style limits for this wallet right now.',
      required: ['maxDeposit', 'maxRedeem', 'maxWithdraw'],
      additionalProperties: false,
      properties: { maxDeposit: ref('Amount'), maxRedeem: ref('Amount'), maxWithdraw: ref('Amount') },
    },
    redeemsAvailable: {
      type: 'boolean',
      description:
        'Mirrors health `ready.activity`: false while the indexer is unavailable or stale, when `redeems` may be incomplete.',
    },
    redeems: { type: 'array', items: ref('Redeem') },
  },
} as const;

export const Activity = {
  type: 'object',
  description:
    "A page of a wallet's activity, newest first. `available` mirrors health `ready.activity`: false while the indexer is unavailable or stale, when `events` holds what is indexed so far and may be incomplete. When the indexed store cannot be read at all, the read fails with 503 INDEXER_UNAVAILABLE instead.",
  required: ['wallet', 'available', 'events'],
  additionalProperties: false,
  properties: {
    wallet: ref('Address'),
    available: { type: 'boolean' },
    events: { type: 'array', items: ref('ActivityEvent') },
  },
} as const;

export const Redeems = {
  type: 'object',
  description:
    "A page of a wallet's redemption records, newest first. `available` has the meaning it has in Activity.",
  required: ['wallet', 'available', 'redeems'],
  additionalProperties: false,
  properties: {
    wallet: ref('Address'),
    available: { type: 'boolean' },
    redeems: { type: 'array', items: ref('Redeem') },
  },
} as const;

export const walletSchemas = { Redeem, ActivityEvent, Position, Activity, Redeems } as const;
