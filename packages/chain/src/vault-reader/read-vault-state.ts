import type { Interface, Provider, Result } from 'ethers';
import { Core__factory, Multicall3__factory, NavSource__factory, Strategy__factory } from '@yv/contracts';
import type { VaultProof, VaultReaderDeployment, VaultState } from './types';

const core = Core__factory.createInterface();
const nav = NavSource__factory.createInterface();
const strategy = Strategy__factory.createInterface();
const multicall = Multicall3__factory.createInterface();

interface Call {
  target: string;
  iface: Interface;
  fn: string;
}

/** The calls of one snapshot, in the order their answers are read back. */
function snapshotCalls(d: VaultReaderDeployment) {
  const c = d.contracts;
  const onCore = (fn: string): Call => ({ target: c.core, iface: core, fn });
  const onNav = (fn: string): Call => ({ target: c.navSource, iface: nav, fn });
  const onStrategy = (fn: string): Call => ({ target: c.strategy, iface: strategy, fn });
  const onMulticall = (fn: string): Call => ({ target: c.multicall3, iface: multicall, fn });
  return {
    blockNumber: onMulticall('getBlockNumber'),
    blockTimestamp: onMulticall('getCurrentBlockTimestamp'),
    totalAssets: onCore('totalAssets'),
    totalSupply: onCore('totalSupply'),
    sharePrice: onCore('sharePrice'),
    maxTvl: onCore('maxTvl'),
    maxUserDeposit: onCore('maxUserDeposit'),
    globalDepositRoom: onCore('globalDepositRoom'),
    minimumDeposit: onCore('minimumDeposit'),
    recommendedOperationalMinimum: onCore('recommendedOperationalMinimum'),
    performanceFeeBps: onCore('performanceFeeBps'),
    managementFeeBps: onCore('managementFeeBps'),
    depositsPaused: onCore('depositsPaused'),
    vaultUsdc: onCore('vaultUsdc'),
    reservedAssets: onCore('reservedAssets'),
    instantRedeemCapacity: onCore('instantRedeemCapacity'),
    escrowedShares: onCore('escrowedShares'),
    proof: onCore('proof'),
    keeper: onCore('keeper'),
    strategy: onCore('strategy'),
    navSource: onCore('navSource'),
    treasury: onCore('treasury'),
    navReportedAt: onNav('reportedAt'),
    navStrategyAccount: onNav('strategyAccount'),
    navHlpVault: onNav('hlpVault'),
    navKeeper: onNav('keeper'),
    strategyVault: onStrategy('vault'),
    strategyUsdc: onStrategy('usdc'),
    strategyHlpVault: onStrategy('hlpVault'),
    strategyKeeper: onStrategy('keeper'),
  } as const;
}

type CallName = keyof ReturnType<typeof snapshotCalls>;

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
  deployment: VaultReaderDeployment,
  blockTag: number | bigint | string = 'latest',
): Promise<VaultState> {
  const calls = snapshotCalls(deployment);
  const names = Object.keys(calls) as CallName[];
  const requests = names.map((name) => {
    const call = calls[name];
    return { target: call.target, allowFailure: false, callData: call.iface.encodeFunctionData(call.fn) };
  });
  const data = multicall.encodeFunctionData('aggregate3', [requests]);
  const answer = await provider.call({
    to: deployment.contracts.multicall3,
    data,
    blockTag: typeof blockTag === 'bigint' ? Number(blockTag) : blockTag,
  });
  const [results] = multicall.decodeFunctionResult('aggregate3', answer) as unknown as [
    { success: boolean; returnData: string }[],
  ];
  const value = (name: CallName): Result => {
    const call = calls[name];
    const result = results[names.indexOf(name)];
    if (!result) throw new Error(`multicall answered without a result for ${name}`);
    return call.iface.decodeFunctionResult(call.fn, result.returnData);
  };
  const one = <T>(name: CallName): T => value(name)[0] as T;
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
