import { useDevnetVault } from '@yv/testkit';
import {
  addYield,
  BPS,
  deposit,
  eventArgs,
  expectProofHolds,
  logNames,
  mined,
  mulDiv,
  ONE_SHARE,
  PRICE_PRECISION,
  precisePrice,
  revertName,
  revertOf,
  USDC,
  v3,
  vaultState,
  YEAR,
  ZeroAddress,
} from './helpers';

const v = useDevnetVault({ maxUserDeposit: 2_000_000n * USDC }, { contractVersion: 'svc-vault-v3' });

afterEach(() => expectProofHolds(v));

beforeAll(async () => {
  await deposit(v, v.wallets[0]!, 10_000n * USDC);
});

describe('keeper liquidity moves', () => {
  it('only the keeper allocates to the strategy, within free USDC, and only the keeper returns it', async () => {
    const stranger = v.wallets[0]!;
    expect(await revertOf(v3(v, stranger).vault.allocateToStrategy(1n))).toEqual({
      name: 'Unauthorized',
      args: [stranger.address],
    });
    expect(await revertName(v3(v, stranger).strategy.returnToVault(1n))).toBe('Unauthorized');
    const { vault, strategy, usdc } = v3(v, v.keeper);
    const totalBefore = await vault.totalAssets();
    expect(await revertName(vault.allocateToStrategy(0n))).toBe('ZeroAmount');
    expect(await revertOf(vault.allocateToStrategy(10_001n * USDC))).toEqual({
      name: 'InsufficientLiquidity',
      args: [10_001n * USDC, 10_000n * USDC],
    });
    const receipt = await mined(vault.allocateToStrategy(6_000n * USDC));
    expect(logNames(v, receipt)).toEqual(['USDC.Transfer', 'AllocatedToStrategy']);
    expect(eventArgs(v, receipt, 'AllocatedToStrategy')).toEqual({ assets: 6_000n * USDC });
    expect(await usdc.balanceOf(v.deployment.contracts.strategy)).toBe(6_000n * USDC);
    expect(await vault.instantRedeemCapacity()).toBe(4_000n * USDC);
    expect(await vault.vaultUsdc()).toBe(4_000n * USDC);
    // Moving USDC between vault and strategy never changes what shareholders own.
    expect(await vault.totalAssets()).toBe(totalBefore);
    expect(await vault.grossManagedAssets()).toBe(totalBefore);
    expect(await revertName(strategy.returnToVault(0n))).toBe('ZeroAmount');
    await mined(strategy.returnToVault(1_000n * USDC));
    expect(await vault.instantRedeemCapacity()).toBe(5_000n * USDC);
    expect(await vault.totalAssets()).toBe(totalBefore);
  });

  it('a new keeper takes over allocation and fee accrual from the old one', async () => {
    const [, , , , , , , next] = v.wallets;
    const owner = v3(v, v.deployer).vault;
    await mined(owner.setKeeper(next!.address));
    expect(await revertName(v3(v, v.keeper).vault.allocateToStrategy(1n))).toBe('Unauthorized');
    expect(await revertName(v3(v, v.keeper).vault.accrueFees())).toBe('Unauthorized');
    await mined(v3(v, next!).vault.allocateToStrategy(1n));
    await mined(owner.setKeeper(v.keeper.address));
    expect(await revertName(v3(v, next!).vault.allocateToStrategy(1n))).toBe('Unauthorized');
  });
});

describe('NavSource', () => {
  it('takes reports only from the keeper; reported buckets count in total assets and in the proof', async () => {
    const nav = v3(v, v.keeper).navSource;
    const { vault } = v3(v, v.deployer);
    expect(await revertName(v3(v, v.wallets[0]!).navSource.report(1n, 1n, 1n, 1n, 1n))).toBe('Unauthorized');
    const before = await vault.totalAssets();
    const receipt = await mined(nav.report(10n, 20n, 30n, 4n, 5n));
    const block = await v.provider.getBlock(receipt.blockNumber);
    expect(await nav.reportedAt()).toBe(BigInt(block!.timestamp));
    expect(await vault.totalAssets()).toBe(before + 69n);
    const p = await vault.proof();
    expect([
      p.strategyCoreSpotUsdc,
      p.strategyCorePerpUsdc,
      p.strategyHlpEquity,
      p.pendingBridgeIn,
      p.pendingBridgeOut,
    ]).toEqual([10n, 20n, 30n, 4n, 5n]);
    expect(await nav.strategyEvmUsdc()).toBe(p.strategyEvmUsdc);
    await expectProofHolds(v);
    await mined(nav.report(0n, 0n, 0n, 0n, 0n));
    expect(await vault.totalAssets()).toBe(before);
  });

  it('names its wiring for health checks', async () => {
    const { navSource, strategy, vault } = v3(v, v.deployer);
    const c = v.deployment.contracts;
    expect(await navSource.strategyAccount()).toBe(c.strategy);
    expect(await navSource.usdc()).toBe(c.usdc);
    expect(await navSource.hlpVault()).toBe(c.hlpVault);
    expect(await strategy.vault()).toBe(c.vault);
    expect(await strategy.usdc()).toBe(c.usdc);
    expect(await strategy.hlpVault()).toBe(c.hlpVault);
    expect(await vault.asset()).toBe(c.usdc);
    expect(await vault.share()).toBe(c.vault);
    expect(await vault.strategy()).toBe(c.strategy);
    expect(await vault.navSource()).toBe(c.navSource);
    expect(await vault.keeper()).toBe(v.keeper.address);
    expect(await navSource.keeper()).toBe(v.keeper.address);
    expect(await strategy.keeper()).toBe(v.keeper.address);
    expect(c.strategyKeeper).toBe(v.keeper.address);
  });
});

describe('fees', () => {
  it('takes the performance fee on gains above the high-water mark in treasury shares, exactly, once', async () => {
    const { vault } = v3(v, v.keeper);
    await mined(v3(v, v.deployer).vault.setFees(1_000n, 0n));
    expect(await revertOf(v3(v, v.wallets[0]!).vault.accrueFees())).toEqual({
      name: 'Unauthorized',
      args: [v.wallets[0]!.address],
    });
    await mined(vault.accrueFees());
    const treasury = await vault.treasury();
    const mark = await vault.highWaterMark();
    const feeSharesBefore = await vault.balanceOf(treasury);
    // 1,000 USDC of yield on 10,000 USDC: price 1.00 -> 1.10, gain 1,000 USDC, 10 % fee = 100 USDC.
    await addYield(v, 1_000n * USDC);
    expect(await vault.sharePrice()).toBe(1_100_000n - 1n);

    const s = await vaultState(v);
    const price = precisePrice(s);
    const performanceAssets = (mulDiv(price - mark, s.supply, PRICE_PRECISION) * 1_000n) / BPS;
    const feeShares = mulDiv(performanceAssets, s.supply + 10n ** 6n, s.totalAssets - performanceAssets + 1n);
    expect(await vault.accrueFees.staticCall()).toBe(feeShares);
    const receipt = await mined(vault.accrueFees());
    expect(logNames(v, receipt)).toEqual(['Transfer', 'FeesAccrued']);
    expect(eventArgs(v, receipt, 'Transfer')).toEqual({ from: ZeroAddress, to: treasury, value: feeShares });
    const newMark = precisePrice({ totalAssets: s.totalAssets, supply: s.supply + feeShares });
    expect(eventArgs(v, receipt, 'FeesAccrued')).toEqual({
      managementAssets: 0n,
      performanceAssets,
      shares: feeShares,
      highWaterMark: newMark,
    });
    expect(await vault.highWaterMark()).toBe(newMark);
    expect(await vault.balanceOf(treasury)).toBe(feeSharesBefore + feeShares);
    const feeValue = await vault.convertToAssets(feeShares);
    expect(feeValue).toBeGreaterThanOrEqual(100n * USDC - 2n);
    expect(feeValue).toBeLessThanOrEqual(100n * USDC);
    // The mark is the post-fee price at 1e27 precision: a whole share at that price is the public share price.
    expect((newMark * ONE_SHARE) / PRICE_PRECISION).toBe(await vault.sharePrice());
    // No new gain: no new fee.
    const again = await mined(vault.accrueFees());
    expect(logNames(v, again)).toEqual(['FeesAccrued']);
    expect(eventArgs(v, again, 'FeesAccrued').shares).toBe(0n);
    expect(await vault.balanceOf(treasury)).toBe(feeSharesBefore + feeShares);
  });

  it('takes no performance fee while the price recovers below the high-water mark', async () => {
    const { vault, navSource } = v3(v, v.keeper);
    const treasury = await vault.treasury();
    const mark = await vault.highWaterMark();
    const held = await vault.balanceOf(treasury);
    // A reported loss of 500 USDC, then a partial recovery of 300: still below the mark.
    await mined(navSource.report(0n, 0n, 500n * USDC, 0n, 0n));
    await mined(vault.accrueFees());
    const markAfterGain = await vault.highWaterMark();
    expect(markAfterGain).toBeGreaterThan(mark);
    const heldAfterGain = await vault.balanceOf(treasury);
    expect(heldAfterGain).toBeGreaterThan(held);
    await mined(navSource.report(0n, 0n, 0n, 0n, 0n));
    expect(precisePrice(await vaultState(v))).toBeLessThan(markAfterGain);
    let receipt = await mined(vault.accrueFees());
    expect(eventArgs(v, receipt, 'FeesAccrued')).toEqual({
      managementAssets: 0n,
      performanceAssets: 0n,
      shares: 0n,
      highWaterMark: markAfterGain,
    });
    await mined(navSource.report(0n, 0n, 300n * USDC, 0n, 0n));
    receipt = await mined(vault.accrueFees());
    expect(eventArgs(v, receipt, 'FeesAccrued').performanceAssets).toBe(0n);
    expect(await vault.highWaterMark()).toBe(markAfterGain);
    expect(await vault.balanceOf(treasury)).toBe(heldAfterGain);
    await mined(navSource.report(0n, 0n, 0n, 0n, 0n));
  });

  it('takes the management fee pro rata over elapsed time, minted at the post-fee price', async () => {
    const { vault } = v3(v, v.keeper);
    await mined(v3(v, v.deployer).vault.setFees(0n, 500n));
    const last = await vault.lastFeeAccrual();
    const s = await vaultState(v);
    const treasury = await vault.treasury();
    const held = await vault.balanceOf(treasury);
    const receipt = await mined(vault.accrueFees());
    const ts = BigInt((await v.provider.getBlock(receipt.blockNumber))!.timestamp);
    expect(ts).toBeGreaterThan(last);
    const managementAssets = (s.totalAssets * 500n * (ts - last)) / (BPS * YEAR);
    expect(managementAssets).toBeGreaterThan(0n);
    const feeShares = mulDiv(managementAssets, s.supply + 10n ** 6n, s.totalAssets - managementAssets + 1n);
    const event = eventArgs(v, receipt, 'FeesAccrued');
    expect([event.managementAssets, event.performanceAssets, event.shares]).toEqual([
      managementAssets,
      0n,
      feeShares,
    ]);
    expect(await vault.lastFeeAccrual()).toBe(ts);
    expect(await vault.balanceOf(treasury)).toBe(held + feeShares);
    // The treasury's new shares are worth the fee, less rounding in the vault's favour.
    const value = await vault.convertToAssets(feeShares);
    expect(value).toBeLessThanOrEqual(managementAssets);
    expect(managementAssets - value).toBeLessThanOrEqual(1n);
    await mined(v3(v, v.deployer).vault.setFees(1_000n, 0n));
  });
});

describe('Multicall3', () => {
  it('reads the vault’s views at one block and reports failures it was allowed to tolerate', async () => {
    const { multicall3, vault, usdc } = v3(v, v.deployer);
    const c = v.deployment.contracts;
    const calls = [
      { target: c.vault, allowFailure: false, callData: vault.interface.encodeFunctionData('totalAssets') },
      {
        target: c.vault,
        allowFailure: false,
        callData: vault.interface.encodeFunctionData('balanceOf', [v.wallets[0]!.address]),
      },
      {
        target: c.vault,
        allowFailure: true,
        callData: vault.interface.encodeFunctionData('previewRedeem', [1n]),
      },
    ];
    const results = await multicall3.aggregate3.staticCall(calls);
    expect(vault.interface.decodeFunctionResult('totalAssets', results[0]!.returnData)[0]).toBe(
      await vault.totalAssets(),
    );
    expect(vault.interface.decodeFunctionResult('balanceOf', results[1]!.returnData)[0]).toBe(
      await vault.balanceOf(v.wallets[0]!.address),
    );
    expect(results[2]!.success).toBe(false);
    expect(vault.interface.parseError(results[2]!.returnData)?.name).toBe('AsyncRedeemOnly');
    expect(await usdc.balanceOf(c.vault)).toBe(await vault.vaultUsdc());
  });
});
