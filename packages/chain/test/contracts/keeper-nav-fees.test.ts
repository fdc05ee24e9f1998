import { useDevnetVault } from '@yv/testkit';
import { deposit, expectProofHolds, mined, revertName, ONE_SHARE, USDC, vaultContracts } from './helpers';

const v = useDevnetVault({ maxUserDeposit: 2_000_000n * USDC }, { contractVersion: 'svc-pipe-v2' });
const YEAR = 365n * 24n * 3600n;

afterEach(() => expectProofHolds(v));

beforeAll(async () => {
  await deposit(v, v.wallets[0]!, 10_000n * USDC);
});

describe('keeper liquidity moves', () => {
  it('only the keeper allocates to the strategy, within free USDC, and only the keeper returns it', async () => {
    expect(await revertName(vaultContracts(v, v.wallets[0]!).core.allocateToStrategy(1n))).toBe(
      'Unauthorized',
    );
    expect(await revertName(vaultContracts(v, v.wallets[0]!).strategy.returnToVault(1n))).toBe(
      'Unauthorized',
    );
    const { core, strategy, usdc } = vaultContracts(v, v.keeper);
    const totalBefore = await core.totalAssets();
    expect(await revertName(core.allocateToStrategy(0n))).toBe('ZeroAmount');
    expect(await revertName(core.allocateToStrategy(10_001n * USDC))).toBe('InsufficientLiquidity');
    await mined(core.allocateToStrategy(6_000n * USDC));
    expect(await usdc.balanceOf(v.deployment.contracts.strategy)).toBe(6_000n * USDC);
    expect(await core.instantRedeemCapacity()).toBe(4_000n * USDC);
    // Moving USDC between vault and strategy never changes what shareholders own.
    expect(await core.totalAssets()).toBe(totalBefore);
    expect(await revertName(strategy.returnToVault(0n))).toBe('ZeroAmount');
    await mined(strategy.returnToVault(1_000n * USDC));
    expect(await core.instantRedeemCapacity()).toBe(5_000n * USDC);
    expect(await core.totalAssets()).toBe(totalBefore);
  });
});

describe('NavSource', () => {
  it('takes reports only from the keeper; reported buckets count in total assets and in the proof', async () => {
    const nav = vaultContracts(v, v.keeper).navSource;
    const { core } = vaultContracts(v, v.deployer);
    expect(await revertName(vaultContracts(v, v.wallets[0]!).navSource.report(1n, 1n, 1n, 1n, 1n))).toBe(
      'Unauthorized',
    );
    const before = await core.totalAssets();
    const receipt = await (await nav.report(10n, 20n, 30n, 4n, 5n)).wait();
    const block = await v.provider.getBlock(receipt!.blockNumber);
    expect(await nav.reportedAt()).toBe(BigInt(block!.timestamp));
    expect(await core.totalAssets()).toBe(before + 69n);
    const p = await core.proof();
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
  });

  it('names its wiring for health checks', async () => {
    const { navSource, strategy, core } = vaultContracts(v, v.deployer);
    const c = v.deployment.contracts;
    expect(await navSource.strategyAccount()).toBe(c.strategy);
    expect(await navSource.hlpVault()).toBe(c.hlpVault);
    expect(await strategy.vault()).toBe(c.core);
    expect(await strategy.usdc()).toBe(c.usdc);
    expect(await strategy.hlpVault()).toBe(c.hlpVault);
    expect(await core.asset()).toBe(c.usdc);
    expect(await core.share()).toBe(c.share);
    expect(await core.keeper()).toBe(v.keeper.address);
    expect(await navSource.keeper()).toBe(v.keeper.address);
    expect(await strategy.keeper()).toBe(v.keeper.address);
  });
});

describe('fees', () => {
  it('takes the performance fee on gains above the high-water mark in treasury shares, once', async () => {
    const { core, share } = vaultContracts(v, v.keeper);
    const { usdc } = vaultContracts(v, v.deployer);
    await mined(vaultContracts(v, v.deployer).core.setFees(1_000n, 0n));
    expect(await revertName(vaultContracts(v, v.wallets[0]!).core.accrueFees())).toBe('Unauthorized');
    await mined(core.accrueFees());
    const treasury = await core.treasury();
    const markBefore = await core.highWaterMark();
    const feeSharesBefore = await share.balanceOf(treasury);
    // 1,000 USDC of yield on 10,000 USDC: price 1.00 -> 1.10, gain 1,000 USDC, 10 % fee = 100 USDC.
    await mined(usdc.mint(v.deployment.contracts.strategy, 1_000n * USDC));
    const price = await core.sharePrice();
    expect(price).toBe(1_100_000n - 1n);
    await mined(core.accrueFees());
    const feeShares = (await share.balanceOf(treasury)) - feeSharesBefore;
    const feeValue = await core.convertToAssets(feeShares);
    expect(feeValue).toBeGreaterThanOrEqual(100n * USDC - 2n);
    expect(feeValue).toBeLessThanOrEqual(100n * USDC);
    const mark = await core.highWaterMark();
    expect(mark).toBeGreaterThan(markBefore);
    // The mark is the post-fee price at 1e27 precision: a whole share at that price is the public share price.
    expect((mark * ONE_SHARE) / 10n ** 27n).toBe(await core.sharePrice());
    // No new gain: no new fee.
    await mined(core.accrueFees());
    expect((await share.balanceOf(treasury)) - feeSharesBefore).toBe(feeShares);
  });

  it('takes the management fee pro rata over elapsed time', async () => {
    const { core } = vaultContracts(v, v.keeper);
    await mined(vaultContracts(v, v.deployer).core.setFees(0n, 500n));
    const last = await core.lastFeeAccrual();
    const assets = await core.totalAssets();
    const receipt = await (await core.accrueFees()).wait();
    const ts = BigInt((await v.provider.getBlock(receipt!.blockNumber))!.timestamp);
    const event = receipt!.logs.map((l) => core.interface.parseLog(l)).find((e) => e?.name === 'FeesAccrued');
    expect(event?.args.managementAssets).toBe((assets * 500n * (ts - last)) / (10_000n * YEAR));
    expect(event?.args.performanceAssets).toBe(0n);
    await mined(vaultContracts(v, v.deployer).core.setFees(1_000n, 0n));
  });
});

describe('Multicall3', () => {
  it('reads several views at one block and reports failures it was allowed to tolerate', async () => {
    const { multicall3, core, usdc } = vaultContracts(v, v.deployer);
    const c = v.deployment.contracts;
    const calls = [
      { target: c.core, allowFailure: false, callData: core.interface.encodeFunctionData('totalAssets') },
      {
        target: c.usdc,
        allowFailure: false,
        callData: usdc.interface.encodeFunctionData('balanceOf', [c.core]),
      },
      {
        target: c.multicall3,
        allowFailure: false,
        callData: multicall3.interface.encodeFunctionData('getBlockNumber'),
      },
      { target: c.usdc, allowFailure: true, callData: core.interface.encodeFunctionData('totalAssets') },
    ];
    const results = await multicall3.aggregate3.staticCall(calls);
    expect(core.interface.decodeFunctionResult('totalAssets', results[0]!.returnData)[0]).toBe(
      await core.totalAssets(),
    );
    expect(usdc.interface.decodeFunctionResult('balanceOf', results[1]!.returnData)[0]).toBe(
      await usdc.balanceOf(c.core),
    );
    expect(results[2]!.success).toBe(true);
    expect(results[3]!.success).toBe(false);
    expect(await multicall3.getEthBalance(v.deployer.address)).toBe(
      await v.provider.getBalance(v.deployer.address),
    );
    expect(await multicall3.getCurrentBlockTimestamp()).toBeGreaterThan(0n);
    calls[3]!.allowFailure = false;
    await expect(multicall3.aggregate3.staticCall(calls)).rejects.toThrow();
  });
});
