import type { Deployment, ProductConfig } from '@yv/config';
import type { VaultState } from '@yv/chain';
import { toAmount, type ReadyState } from '@yv/domain';
import type { Capabilities } from './capabilities';
import type { Tokens } from './tokens';

/** The spec's `vault`, from one snapshot. Shares and escrowed shares use the share's decimals, the rest USDC's. */
export function buildVault(args: {
  product: ProductConfig;
  deployment: Deployment;
  tokens: Tokens;
  state: VaultState;
  capabilities: Capabilities;
  ready: ReadyState;
}) {
  const { product, deployment, tokens, state, capabilities, ready } = args;
  const c = deployment.contracts;
  const usdc = (raw: bigint) => toAmount(raw, tokens.asset.decimals);
  const shares = (raw: bigint) => toAmount(raw, tokens.share.decimals);
  const { buckets, reconciliation: r } = state.proof;
  return {
    product: {
      slug: product.product.slug,
      name: product.product.name,
      protocol: 'hyperliquid-hlp',
      chainId: deployment.chainId,
    },
    addresses: {
      contractVersion: deployment.contractVersion,
      vault: c.vault,
      asset: c.usdc,
      strategy: state.strategy,
      navSource: state.navSource,
      treasury: state.treasury,
      core: c.core,
      share: c.share,
      depositPipe: c.depositPipe,
      redemptionPipe: c.redemptionPipe,
    },
    asset: tokens.asset,
    share: tokens.share,
    analytics: {
      sharePrice: usdc(state.sharePrice),
      tvl: usdc(state.totalAssets),
      totalSupply: shares(state.totalSupply),
    },
    caps: {
      maxTvl: usdc(state.maxTvl),
      maxUserDeposit: usdc(state.maxUserDeposit),
      globalDepositRoom: usdc(state.globalDepositRoom),
    },
    fees: {
      performanceFeeBps: Number(state.performanceFeeBps),
      managementFeeBps: Number(state.managementFeeBps),
    },
    liquidity: {
      vaultUsdc: usdc(state.vaultUsdc),
      reservedAssets: usdc(state.reservedAssets),
      instantRedeemCapacity: usdc(state.instantRedeemCapacity),
      escrowedShares: shares(state.escrowedShares),
    },
    proof: {
      buckets: {
        vaultUsdc: usdc(buckets.vaultUsdc),
        strategyEvmUsdc: usdc(buckets.strategyEvmUsdc),
        strategyCoreSpotUsdc: usdc(buckets.strategyCoreSpotUsdc),
        strategyCorePerpUsdc: usdc(buckets.strategyCorePerpUsdc),
        strategyHlpEquity: usdc(buckets.strategyHlpEquity),
        pendingBridgeIn: usdc(buckets.pendingBridgeIn),
        pendingBridgeOut: usdc(buckets.pendingBridgeOut),
        reservedAssets: usdc(buckets.reservedAssets),
        escrowedShares: shares(buckets.escrowedShares),
      },
      reconciliation: {
        grossManagedAssets: usdc(r.grossManagedAssets),
        reservedLiabilities: usdc(r.reservedLiabilities),
        netShareholderAssets: usdc(r.netShareholderAssets),
        reportedTotalAssets: usdc(r.reportedTotalAssets),
        // The spec's sign: what the vault reports minus what the buckets explain.
        diff: usdc(r.reportedTotalAssets - r.netShareholderAssets),
      },
    },
    capabilities,
    status: { depositsPaused: state.depositsPaused, ready },
  };
}

export type VaultData = ReturnType<typeof buildVault>;
