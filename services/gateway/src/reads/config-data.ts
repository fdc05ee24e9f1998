import type { Deployment, FundingNetworkConfig, ProductConfig } from '@yv/config';
import { toAmount, type Amount } from '@yv/domain';
import type { VaultState } from '@yv/chain';
import { PUBLISHED_CONTRACTS, type PublishedContract } from '@yv/schemas';
import type { Tokens } from './tokens';

function publishedContracts(contracts: Deployment['contracts']) {
  return Object.fromEntries(PUBLISHED_CONTRACTS.map((name) => [name, contracts[name]])) as Pick<
    Deployment['contracts'],
    PublishedContract
  >;
}

/**
 * The spec's `config`: product facts from the product file, addresses from the deployment, minimums from the
 * vault snapshot. The settlement chain's USDC is always the deployment's, whatever the product file says.
 */
export function buildConfig(
  product: ProductConfig,
  deployment: Deployment,
  tokens: Tokens,
  state: Pick<VaultState, 'minimumDeposit' | 'recommendedOperationalMinimum'>,
) {
  const c = deployment.contracts;
  const settlementUsdc = (network: FundingNetworkConfig): FundingNetworkConfig =>
    network.chainId === deployment.chainId
      ? { ...network, token: { ...network.token, address: c.usdc } }
      : network;
  const { submitRule: _submitRule, ...funding } = product.deposit.funding;
  const amount = (raw: bigint): Amount => toAmount(raw, tokens.asset.decimals);
  return {
    apiVersion: 'v1' as const,
    product: product.product,
    chain: product.chain,
    contracts: { contractVersion: deployment.contractVersion, ...publishedContracts(c) },
    tokens,
    deposit: {
      nativeChainId: deployment.chainId,
      supportedRoutes: product.deposit.supportedRoutes.map((route) => ({ ...route, asset: tokens.asset })),
      funding: {
        ...funding,
        destination: settlementUsdc(funding.destination),
        sourceNetworks: funding.sourceNetworks.map(settlementUsdc),
      },
      minimumDeposit: amount(state.minimumDeposit),
      recommendedOperationalMinimum: amount(state.recommendedOperationalMinimum),
    },
    withdraw: {
      nativeSettlementChainId: deployment.chainId,
      supportedDestinations: product.withdraw.supportedDestinations.map((d) =>
        d.chainId === deployment.chainId ? { ...d, usdcAddress: c.usdc } : d,
      ),
    },
  };
}

export type ConfigData = ReturnType<typeof buildConfig>;
