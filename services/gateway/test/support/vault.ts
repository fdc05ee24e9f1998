import type { ContractRunner, Provider, TransactionReceipt } from 'ethers';
import { readViews, redemptionIdOf, vaultLayout, type OnChainRedemption, type VaultLayout } from '@yv/chain';
import type { Deployment } from '@yv/config';
import { Core__factory, MockUSDC__factory } from '@yv/contracts';

/**
 * What the tests read and sign on the vault, on either contract layout without knowing which: every
 * layout-specific address, calldata and decoding comes from the deployment's layout (vaultLayout).
 */
export function layoutOf(deployment: Deployment): VaultLayout {
  return vaultLayout(deployment);
}

/**
 * The accounting views and owner/keeper functions both layouts have with Core's signatures (totalAssets,
 * sharePrice, proof, instantRedeemCapacity, maxDeposit, setDepositsPaused, allocateToStrategy, ...), at the
 * manifest's `core` (the SvcVault itself on svc-vault-v3). Not previewRedeem (reverts on v3) nor
 * maxRedeem/maxWithdraw (ERC-7540 claim limits on v3).
 */
export function accounting(deployment: Deployment, runner: ContractRunner) {
  return Core__factory.connect(deployment.contracts.core, runner);
}

/** The share token as a plain ERC-20 (Share on v2, the vault itself on v3). */
export function shareToken(deployment: Deployment, runner: ContractRunner) {
  return MockUSDC__factory.connect(deployment.contracts.share, runner);
}

/** The USDC allowance `owner` gave the address deposits pull through (the layout's depositSpender). */
export function depositAllowance(
  deployment: Deployment,
  owner: string,
  runner: ContractRunner,
): Promise<bigint> {
  return MockUSDC__factory.connect(deployment.contracts.usdc, runner).allowance(
    owner,
    layoutOf(deployment).depositSpender,
  );
}

/** A redemption as the layout's getRedemption answers it (status as a name: 'pending', 'claimable', ...). */
export async function onChainRedemption(
  provider: Provider,
  deployment: Deployment,
  id: bigint | string,
): Promise<OnChainRedemption> {
  const layout = layoutOf(deployment);
  const { r } = await readViews(provider, deployment.contracts.multicall3, {
    r: layout.redemptionView(BigInt(id)),
  });
  return layout.toRedemption(BigInt(id), r);
}

/** The id of the redemption a request's receipt carries, as the API writes ids. */
export function requestedRedemptionId(deployment: Deployment, receipt: TransactionReceipt): string {
  return redemptionIdOf(layoutOf(deployment), receipt).toString();
}
