/** proof() of the vault's accounting (Core on v2, the vault on v3): where every unit of managed USDC sits, and how the buckets reconcile with totalAssets. */
export interface VaultProof {
  buckets: {
    vaultUsdc: bigint;
    strategyEvmUsdc: bigint;
    strategyCoreSpotUsdc: bigint;
    strategyCorePerpUsdc: bigint;
    strategyHlpEquity: bigint;
    pendingBridgeIn: bigint;
    pendingBridgeOut: bigint;
    reservedAssets: bigint;
    escrowedShares: bigint;
  };
  reconciliation: {
    grossManagedAssets: bigint;
    reservedLiabilities: bigint;
    netShareholderAssets: bigint;
    reportedTotalAssets: bigint;
    /** netShareholderAssets - reportedTotalAssets: zero when the buckets explain totalAssets exactly. */
    diff: bigint;
  };
}

/** Addresses the contracts point at each other with: health.keeper.addresses compares them with the deployment. */
export interface VaultWiring {
  /** strategy() of the vault's accounting */
  vaultStrategy: string;
  /** navSource() of the vault's accounting */
  vaultNavSource: string;
  /** Strategy.vault() */
  strategyVault: string;
  /** Strategy.usdc() */
  strategyUsdc: string;
  /** Strategy.hlpVault() */
  strategyHlpVault: string;
  /** NavSource.strategyAccount() */
  navStrategyAccount: string;
  /** NavSource.hlpVault() */
  navHlpVault: string;
  /** Strategy.keeper() */
  strategyKeeper: string;
  /** NavSource.keeper() */
  navKeeper: string;
}

/** Everything the spec's `vault` section needs, read at one block. Amounts in the token's smallest unit. */
export interface VaultState {
  blockNumber: bigint;
  /** Unix seconds of `blockNumber`. */
  blockTimestamp: bigint;
  totalAssets: bigint;
  totalSupply: bigint;
  /** Assets (USDC units) of one whole share. */
  sharePrice: bigint;
  maxTvl: bigint;
  maxUserDeposit: bigint;
  globalDepositRoom: bigint;
  minimumDeposit: bigint;
  recommendedOperationalMinimum: bigint;
  performanceFeeBps: bigint;
  managementFeeBps: bigint;
  depositsPaused: boolean;
  vaultUsdc: bigint;
  reservedAssets: bigint;
  instantRedeemCapacity: bigint;
  escrowedShares: bigint;
  proof: VaultProof;
  keeper: string;
  strategy: string;
  navSource: string;
  treasury: string;
  /** NavSource.reportedAt(): unix seconds of the keeper's last NAV report, 0 when it never reported. */
  navReportedAt: bigint;
  wiring: VaultWiring;
}
