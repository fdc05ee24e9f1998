import type { Signer } from 'ethers';
import {
  Core__factory,
  DepositPipe__factory,
  MockUSDC__factory,
  Multicall3__factory,
  NavSource__factory,
  RedemptionPipe__factory,
  Share__factory,
  Strategy__factory,
} from '@yv/contracts';
import type { DevnetVault } from '@yv/testkit';
import { decodeRevert } from '../../src';

export const USDC = 10n ** 6n;
export const ONE_SHARE = 10n ** 12n;

export function vaultContracts(v: DevnetVault, runner: Signer) {
  const c = v.deployment.contracts;
  return {
    core: Core__factory.connect(c.core, runner),
    usdc: MockUSDC__factory.connect(c.usdc, runner),
    share: Share__factory.connect(c.share, runner),
    depositPipe: DepositPipe__factory.connect(c.depositPipe, runner),
    redemptionPipe: RedemptionPipe__factory.connect(c.redemptionPipe, runner),
    navSource: NavSource__factory.connect(c.navSource, runner),
    strategy: Strategy__factory.connect(c.strategy, runner),
    multicall3: Multicall3__factory.connect(c.multicall3, runner),
  };
}

export async function mined(tx: Promise<{ wait(): Promise<unknown> }>): Promise<void> {
  await (await tx).wait();
}

export async function deposit(v: DevnetVault, wallet: Signer, assets: bigint): Promise<bigint> {
  const { usdc, depositPipe, share } = vaultContracts(v, wallet);
  const before = await share.balanceOf(await wallet.getAddress());
  await mined(usdc.approve(v.deployment.contracts.depositPipe, assets));
  await mined(depositPipe.deposit(assets, await wallet.getAddress(), 0n));
  return (await share.balanceOf(await wallet.getAddress())) - before;
}

/**
 * The vault's proof of reserves, recomputed from raw balances rather than trusted from proof():
 * gross managed assets - reserved liabilities = net shareholder assets = reported total assets.
 */
export async function expectProofHolds(v: DevnetVault): Promise<void> {
  const c = v.deployment.contracts;
  const { core, usdc, share, navSource } = vaultContracts(v, v.deployer);
  const p = await core.proof();
  expect(p.vaultUsdc).toBe(await usdc.balanceOf(c.core));
  expect(p.strategyEvmUsdc).toBe(await usdc.balanceOf(c.strategy));
  expect(p.escrowedShares).toBe(await share.balanceOf(c.redemptionPipe));
  expect(p.strategyHlpEquity).toBe(await navSource.hlpEquity());
  const gross =
    p.vaultUsdc +
    p.strategyEvmUsdc +
    p.strategyCoreSpotUsdc +
    p.strategyCorePerpUsdc +
    p.strategyHlpEquity +
    p.pendingBridgeIn +
    p.pendingBridgeOut;
  expect(p.grossManagedAssets).toBe(gross);
  expect(p.reservedLiabilities).toBe(await core.reservedAssets());
  expect(gross - p.reservedLiabilities).toBe(p.netShareholderAssets);
  expect(p.netShareholderAssets).toBe(p.reportedTotalAssets);
  expect(p.reportedTotalAssets).toBe(await core.totalAssets());
  expect(p.reservedAssets <= p.vaultUsdc).toBe(true);
}

/** Awaits a contract call or transaction expected to revert, and returns the decoded custom error's name. */
export async function revertName(action: Promise<unknown>): Promise<string> {
  try {
    const result = await action;
    const maybeTx = result as { wait?: () => Promise<unknown> };
    if (typeof maybeTx?.wait === 'function') await maybeTx.wait();
  } catch (err) {
    const decoded = decodeRevert(err);
    if (!decoded) throw err;
    return decoded.name;
  }
  throw new Error('expected a revert, but the call succeeded');
}
