/** Contract addresses the quote reader needs; structurally a subset of @yv/config's Deployment. */
export interface QuoteReaderDeployment {
  readonly contracts: {
    readonly core: string;
    readonly share: string;
    readonly usdc: string;
    readonly depositPipe: string;
    readonly redemptionPipe: string;
    readonly multicall3: string;
  };
}

/** What one quote asks about: amounts default to 0 (their previews are then 0), `receiver` to `account`. */
export interface QuoteReadRequest {
  account: string;
  receiver?: string;
  assets?: bigint;
  shares?: bigint;
  /** The redemption an id-based action (claim, cancel, fulfil) acts on. */
  redeemId?: bigint;
}

/** RedemptionPipe.Status, by name; `none` is an id never requested. */
export const REDEMPTION_STATUS_BY_CODE = ['none', 'pending', 'claimable', 'claimed', 'cancelled'] as const;
export type OnChainRedemptionStatus = (typeof REDEMPTION_STATUS_BY_CODE)[number];

export interface OnChainRedemption {
  id: bigint;
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
  /** Unix seconds of `blockNumber`. */
  blockTimestamp: bigint;
  assetDecimals: number;
  shareDecimals: number;
  usdcBalance: bigint;
  shareBalance: bigint;
  /** USDC allowance of `account` to the deposit pipe. */
  allowance: bigint;
  /** Core.previewDeposit(assets). */
  previewDeposit: bigint;
  /** Core.previewRedeem(shares). */
  previewRedeem: bigint;
  minimumDeposit: bigint;
  globalDepositRoom: bigint;
  /** Core.userDepositRoom(receiver). */
  userDepositRoom: bigint;
  /** Core.maxDeposit(receiver): 0 while paused. */
  maxDeposit: bigint;
  depositsPaused: boolean;
  instantRedeemCapacity: bigint;
  /** The redemption asked about, or null when no id was given. */
  redemption: OnChainRedemption | null;
}
