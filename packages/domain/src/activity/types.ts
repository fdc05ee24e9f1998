/**
 * A vault event as the chain emitted it, addresses lowercase: what @yv/chain's log decoder yields, declared here
 * so the rules that read it stay free of I/O packages.
 */
export type VaultEvent =
  | {
      readonly name: 'Deposit';
      readonly sender: string;
      readonly receiver: string;
      readonly assets: bigint;
      readonly shares: bigint;
    }
  | {
      readonly name: 'RedeemRequested';
      readonly id: bigint;
      readonly owner: string;
      readonly receiver: string;
      readonly shares: bigint;
    }
  | {
      readonly name: 'RedeemFulfilled' | 'RedeemClaimed';
      readonly id: bigint;
      readonly owner: string;
      readonly receiver: string;
      readonly shares: bigint;
      readonly assets: bigint;
    }
  | {
      readonly name: 'RedeemCancelled';
      readonly id: bigint;
      readonly owner: string;
      readonly receiver: string;
      readonly shares: bigint;
    }
  | {
      readonly name: 'InstantRedeem';
      readonly owner: string;
      readonly receiver: string;
      readonly shares: bigint;
      readonly assets: bigint;
    }
  | { readonly name: 'Transfer'; readonly from: string; readonly to: string; readonly value: bigint };

/**
 * Activity types, one per thing a wallet did:
 * - `deposit`: DepositPipe.Deposit; wallet = receiver (who got the shares), owner = sender (who paid).
 * - `redeem_requested` / `redeem_fulfilled` / `redeem_claimed` / `redeem_cancelled`: RedemptionPipe's queued
 *   redemption events; wallet = owner; receiver = the event's receiver (for a claim, where the USDC went).
 * - `redeem_instant`: RedemptionPipe.InstantRedeem; wallet = owner.
 * - `transfer`: a share Transfer between two holders; wallet = owner = sender, receiver = recipient. Transfers
 *   that are the bookkeeping of another activity are not listed again: mints (deposits, fee shares to the
 *   treasury), burns (fulfilments, instant redemptions) and Core's escrow moves to and from the redemption pipe.
 */
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

/** What one vault event means for a wallet's history; position fields (tx, block) are added by the caller. */
export interface Activity {
  readonly type: ActivityType;
  readonly eventName: VaultEvent['name'];
  readonly wallet: string;
  readonly owner: string;
  readonly receiver: string;
  readonly assetsRaw: bigint | null;
  readonly sharesRaw: bigint;
  readonly redeemId: bigint | null;
}

/** Our redemption status set: the chain's enum without `none`. */
export const REDEMPTION_STATUSES = ['pending', 'claimable', 'claimed', 'cancelled'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** Where an event happened, enough to stamp a redemption record. Timestamps are block times. */
export interface EventPlace {
  readonly txHash: string;
  readonly blockTimestamp: Date;
}

/** A queued redemption as its events tell it. `wallet` is the owner, the wallet whose redemption it is. */
export interface Redemption {
  readonly redeemId: bigint;
  readonly status: RedemptionStatus;
  readonly wallet: string;
  readonly owner: string;
  /** Set at request; replaced by the claim's receiver, where the USDC actually went. */
  readonly receiver: string;
  readonly sharesRaw: bigint;
  /** Fixed when the keeper fulfils; null before. */
  readonly assetsRaw: bigint | null;
  readonly requestedTxHash: string;
  readonly fulfilledTxHash: string | null;
  readonly claimedTxHash: string | null;
  readonly cancelledTxHash: string | null;
  readonly requestedAt: Date;
  readonly updatedAt: Date;
}
