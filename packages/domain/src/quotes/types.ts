/** Readiness flags a quote obeys (health.ready): deposits need `deposits`, every exit needs `operations`. */
export interface QuoteReadiness {
  deposits: boolean;
  operations: boolean;
}

/** Status of a queued redemption on chain; `none` is an id never requested. */
export type QuoteRedemptionStatus = 'none' | 'pending' | 'claimable' | 'claimed' | 'cancelled';

export interface QuoteRedemption {
  id: bigint;
  owner: string;
  shares: bigint;
  assets: bigint;
  status: QuoteRedemptionStatus;
}

/** The facts of one quote block a deposit is checked against. */
export interface DepositFacts {
  usdcBalance: bigint;
  minimumDeposit: bigint;
  globalDepositRoom: bigint;
  /** Room left under maxUserDeposit for the receiver. */
  userDepositRoom: bigint;
  depositsPaused: boolean;
}

export interface RedeemFacts {
  shareBalance: bigint;
  instantRedeemCapacity: bigint;
}
