import { ADDRESSES, READY, SHARE_TOKEN, USDC_TOKEN, shares, usdc } from './fixtures';

const USDC = 1_000_000n;
const SHARE = 1_000_000_000_000n;

export const vaultExample = {
  product: { slug: 'yield-vault', name: 'Yield Vault', protocol: 'hyperliquid-hlp', chainId: 999 },
  addresses: {
    contractVersion: 'svc-pipe-v2',
    vault: ADDRESSES.core,
    asset: ADDRESSES.usdc,
    strategy: ADDRESSES.strategy,
    navSource: ADDRESSES.navSource,
    treasury: ADDRESSES.treasury,
    core: ADDRESSES.core,
    share: ADDRESSES.share,
    depositPipe: ADDRESSES.depositPipe,
    redemptionPipe: ADDRESSES.redemptionPipe,
  },
  asset: USDC_TOKEN,
  share: SHARE_TOKEN,
  analytics: {
    sharePrice: usdc(1_050_000n),
    tvl: usdc(1_050_000n * USDC),
    totalSupply: shares(1_000_000n * SHARE),
  },
  caps: {
    maxTvl: usdc(5_000_000n * USDC),
    maxUserDeposit: usdc(250_000n * USDC),
    globalDepositRoom: usdc(3_950_000n * USDC),
  },
  fees: { performanceFeeBps: 1000, managementFeeBps: 0 },
  liquidity: {
    vaultUsdc: usdc(200_000n * USDC),
    reservedAssets: usdc(10_000n * USDC),
    instantRedeemCapacity: usdc(190_000n * USDC),
    escrowedShares: shares(9_523n * SHARE),
  },
  proof: {
    buckets: {
      vaultUsdc: usdc(200_000n * USDC),
      strategyEvmUsdc: usdc(50_000n * USDC),
      strategyCoreSpotUsdc: usdc(0n),
      strategyCorePerpUsdc: usdc(100_000n * USDC),
      strategyHlpEquity: usdc(710_000n * USDC),
      pendingBridgeIn: usdc(0n),
      pendingBridgeOut: usdc(0n),
      reservedAssets: usdc(10_000n * USDC),
      escrowedShares: shares(9_523n * SHARE),
    },
    reconciliation: {
      grossManagedAssets: usdc(1_060_000n * USDC),
      reservedLiabilities: usdc(10_000n * USDC),
      netShareholderAssets: usdc(1_050_000n * USDC),
      reportedTotalAssets: usdc(1_050_000n * USDC - 1n),
      diff: { raw: '-1', decimals: 6, formatted: '-0.000001' },
    },
  },
  capabilities: {
    deposit: true,
    instantRedeem: true,
    asyncRedeem: true,
    fulfillRedeem: true,
    claimRedeem: true,
    cancelRedeem: true,
  },
  status: { depositsPaused: false, ready: READY },
};
