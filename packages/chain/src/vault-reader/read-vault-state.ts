import type { Provider, Result } from 'ethers';
import type { SnapshotViewName, VaultLayout } from '../layouts/types';
import type { BlockTag } from '../eth-call';
import { readViews } from '../multicall';
import type { VaultProof, VaultState } from './types';

function toProof(p: Result): VaultProof {
  const netShareholderAssets = p.netShareholderAssets as bigint;
  const reportedTotalAssets = p.reportedTotalAssets as bigint;
  return {
    buckets: {
      vaultUsdc: p.vaultUsdc,
      strategyEvmUsdc: p.strategyEvmUsdc,
      strategyCoreSpotUsdc: p.strategyCoreSpotUsdc,
      strategyCorePerpUsdc: p.strategyCorePerpUsdc,
      strategyHlpEquity: p.strategyHlpEquity,
      pendingBridgeIn: p.pendingBridgeIn,
      pendingBridgeOut: p.pendingBridgeOut,
      reservedAssets: p.reservedAssets,
      escrowedShares: p.escrowedShares,
    },
    reconciliation: {
      grossManagedAssets: p.grossManagedAssets,
      reservedLiabilities: p.reservedLiabilities,
      netShareholderAssets,
      reportedTotalAssets,
      diff: netShareholderAssets - reportedTotalAssets,
    },
  };
}

/**
 * Reads the vault's whole state in ONE eth_call to Multicall3.aggregate3, so every value (and the block number
 * and timestamp reported with them) comes from the same block. Any failing view fails the read: a snapshot is
 * either complete or not taken.
 * @param blockTag a block number or tag; default `latest`.
 */
export async function readVaultState(
  provider: Provider,
  layout: VaultLayout,
  blockTag: BlockTag = 'latest',
): Promise<VaultState> {
  const r = await readViews(
    provider,
    layout.deployment.contracts.multicall3,
    layout.snapshotViews(),
    blockTag,
  );
  const one = <T>(name: SnapshotViewName): T => r[name][0] as T;
  return {
    blockNumber: one('blockNumber'),
    blockTimestamp: one('blockTimestamp'),
    totalAssets: one('totalAssets'),
    totalSupply: one('totalSupply'),
    sharePrice: one('sharePrice'),
    maxTvl: one('maxTvl'),
    maxUserDeposit: one('maxUserDeposit'),
    globalDepositRoom: one('globalDepositRoom'),
    minimumDeposit: one('minimumDeposit'),
    recommendedOperationalMinimum: one('recommendedOperationalMinimum'),
    performanceFeeBps: one('performanceFeeBps'),
    managementFeeBps: one('managementFeeBps'),
    depositsPaused: one('depositsPaused'),
    vaultUsdc: one('vaultUsdc'),
    reservedAssets: one('reservedAssets'),
    instantRedeemCapacity: one('instantRedeemCapacity'),
    escrowedShares: one('escrowedShares'),
    proof: toProof(one<Result>('proof')),
    keeper: one('keeper'),
    strategy: one('strategy'),
    navSource: one('navSource'),
    treasury: one('treasury'),
    navReportedAt: one('navReportedAt'),
    wiring: {
      vaultStrategy: one('strategy'),
      vaultNavSource: one('navSource'),
      strategyVault: one('strategyVault'),
      strategyUsdc: one('strategyUsdc'),
      strategyHlpVault: one('strategyHlpVault'),
      navStrategyAccount: one('navStrategyAccount'),
      navHlpVault: one('navHlpVault'),
      strategyKeeper: one('strategyKeeper'),
      navKeeper: one('navKeeper'),
    },
  };
}
