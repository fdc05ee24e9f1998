import type { SimulationResult } from '../simulate';

/** What one quote asks about: amounts default to 0 (their previews are then 0), `receiver` to `account`. */
export interface QuoteReadRequest {
  account: string;
  receiver?: string;
  assets?: bigint;
  shares?: bigint;
  /** The redemption an id-based action (claim, cancel, fulfil) acts on. */
  redeemId?: bigint;
  /**
   * Also check `assets` against every deposit rule but the transfer (checkDeposit(receiver, assets), a view that
   * depends on no sender) in the same eth_call: the quote's simulation when the allowance is short.
   */
  depositCheck?: boolean;
}

/** A redemption's on-chain status code (RedemptionPipe.Status, SvcVault.Status), by name; `none` is an id never requested. */
export const REDEMPTION_STATUS_BY_CODE = ['none', 'pending', 'claimable', 'claimed', 'cancelled'] as const;
export type OnChainRedemptionStatus = (typeof REDEMPTION_STATUS_BY_CODE)[number];

export interface OnChainRedemption {
  id: bigint;
  /** Who may claim or cancel it: the v2 owner, the v3 ERC-7540 controller. */
  owner: string;
  receiver: string;
  shares: bigint;
  /** Fixed at fulfilment; 0 before. */
  assets: bigint;
  status: OnChainRedemptionStatus;
}

/** Everything a quote decides on, all read at `blockNumber`. Amounts in the token's smallest unit. */
export interface QuoteState {
  blockNumber: bigint;
  usdcBalance: bigint;
  shareBalance: bigint;
  /** USDC allowance of `account` to the layout's deposit spender. */
  allowance: bigint;
  /** previewDeposit(assets). */
  previewDeposit: bigint;
  /** What `shares` redeem for now, rounded down. */
  previewRedeem: bigint;
  minimumDeposit: bigint;
  globalDepositRoom: bigint;
  /** userDepositRoom(receiver). */
  userDepositRoom: bigint;
  /** maxDeposit(receiver): 0 while paused. */
  maxDeposit: bigint;
  depositsPaused: boolean;
  instantRedeemCapacity: bigint;
  /** The redemption asked about, or null when no id was given. */
  redemption: OnChainRedemption | null;
  /** checkDeposit's outcome at `blockNumber` when asked for (depositCheck), else null. */
  depositCheck: SimulationResult | null;
}
