import { useDevnetVault } from '@yv/testkit';
import { deposit, expectProofHolds, mined, revertName, ONE_SHARE, USDC, vaultContracts } from './helpers';

const v = useDevnetVault(
  {
    maxTvl: 3_000_000n * USDC,
    maxUserDeposit: 1_500_000n * USDC,
    minimumDeposit: 5n * USDC,
  },
  { contractVersion: 'svc-pipe-v2' },
);

afterEach(() => expectProofHolds(v));

describe('DepositPipe.deposit', () => {
  it('pulls the USDC into Core, mints the previewed shares to the receiver and emits Deposit', async () => {
    const [alice, bob] = v.wallets;
    const { core, usdc, share, depositPipe } = vaultContracts(v, alice!);
    const assets = 1_000n * USDC;
    const preview = await core.previewDeposit(assets);
    // Empty vault: shares = assets * (0 + 10^6) / (0 + 1), one USDC unit buys 10^6 share units.
    expect(preview).toBe(assets * 10n ** 6n);
    await mined(usdc.approve(v.deployment.contracts.depositPipe, assets));
    const tx = await depositPipe.deposit(assets, bob!.address, preview);
    const receipt = await tx.wait();
    const event = receipt!.logs
      .map((l) => depositPipe.interface.parseLog(l))
      .find((e) => e?.name === 'Deposit');
    expect(event?.args.toObject()).toEqual({
      sender: alice!.address,
      receiver: bob!.address,
      assets,
      shares: preview,
    });
    expect(await share.balanceOf(bob!.address)).toBe(preview);
    expect(await core.shareValueOf(bob!.address)).toBe(assets);
    expect(await usdc.balanceOf(v.deployment.contracts.core)).toBe(assets);
    expect(await core.totalAssets()).toBe(assets);
    // Without yield the virtual offset keeps the ratio exact: one whole share is worth one USDC.
    expect(await core.sharePrice()).toBe(ONE_SHARE / 10n ** 6n);
  });

  it('reverts below the minimum deposit', async () => {
    const { usdc, depositPipe } = vaultContracts(v, v.wallets[0]!);
    await mined(usdc.approve(v.deployment.contracts.depositPipe, 4n * USDC));
    expect(await revertName(depositPipe.deposit(4n * USDC, v.wallets[0]!.address, 0n))).toBe(
      'BelowMinimumDeposit',
    );
  });

  it('reverts on a zero amount', async () => {
    const { depositPipe } = vaultContracts(v, v.wallets[0]!);
    expect(await revertName(depositPipe.deposit(0n, v.wallets[0]!.address, 0n))).toBe('ZeroAmount');
  });

  it('reverts when minShares is above what the deposit mints (slippage bound)', async () => {
    const { core, usdc, depositPipe } = vaultContracts(v, v.wallets[0]!);
    const assets = 10n * USDC;
    const preview = await core.previewDeposit(assets);
    await mined(usdc.approve(v.deployment.contracts.depositPipe, assets));
    expect(await revertName(depositPipe.deposit(assets, v.wallets[0]!.address, preview + 1n))).toBe(
      'SlippageExceeded',
    );
  });

  it('reverts without allowance to the deposit pipe', async () => {
    const { usdc, depositPipe } = vaultContracts(v, v.wallets[2]!);
    await mined(usdc.approve(v.deployment.contracts.depositPipe, 0n));
    expect(await revertName(depositPipe.deposit(10n * USDC, v.wallets[2]!.address, 0n))).toBe(
      'ERC20InsufficientAllowance',
    );
  });

  it('enforces the per-user cap on the receiver position and the global TVL cap', async () => {
    const [, , carol, dave, erin] = v.wallets;
    const { core } = vaultContracts(v, carol!);
    await deposit(v, carol!, 900_000n * USDC);
    const userRoom = await core.userDepositRoom(carol!.address);
    expect(userRoom).toBe(600_000n * USDC);
    expect(await core.maxDeposit(carol!.address)).toBe(userRoom);
    const { usdc, depositPipe } = vaultContracts(v, carol!);
    await mined(usdc.approve(v.deployment.contracts.depositPipe, userRoom + 1n));
    expect(await revertName(depositPipe.deposit(userRoom + 1n, carol!.address, 0n))).toBe(
      'MaxUserDepositExceeded',
    );

    await deposit(v, dave!, 900_000n * USDC);
    await deposit(v, erin!, 900_000n * USDC);
    const globalRoom = await core.globalDepositRoom();
    expect(globalRoom).toBe(3_000_000n * USDC - (await core.totalAssets()));
    const { usdc: u2, depositPipe: dp2 } = vaultContracts(v, v.wallets[5]!);
    await mined(u2.approve(v.deployment.contracts.depositPipe, globalRoom + 1n));
    expect(await revertName(dp2.deposit(globalRoom + 1n, v.wallets[5]!.address, 0n))).toBe('MaxTvlExceeded');
    expect(await core.maxDeposit(v.wallets[5]!.address)).toBe(globalRoom);
  });

  it('reverts while deposits are paused, and exits stay open', async () => {
    const [, bob] = v.wallets;
    const owner = vaultContracts(v, v.deployer);
    await mined(owner.core.setDepositsPaused(true));
    expect(await owner.core.maxDeposit(bob!.address)).toBe(0n);
    const { usdc, depositPipe, redemptionPipe, share } = vaultContracts(v, bob!);
    await mined(usdc.approve(v.deployment.contracts.depositPipe, 10n * USDC));
    expect(await revertName(depositPipe.deposit(10n * USDC, bob!.address, 0n))).toBe('DepositsArePaused');
    const shares = (await share.balanceOf(bob!.address)) / 10n;
    const usdcBefore = await usdc.balanceOf(bob!.address);
    await mined(redemptionPipe.redeemInstant(shares, bob!.address, 0n));
    expect(await usdc.balanceOf(bob!.address)).toBe(usdcBefore + 100n * USDC);
    await mined(owner.core.setDepositsPaused(false));
    expect(await owner.core.depositsPaused()).toBe(false);
  });
});

describe('owner-only parameters', () => {
  it('lets only the owner set caps, minimums, fees, pause, keeper and treasury, and bounds fees', async () => {
    const stranger = vaultContracts(v, v.wallets[7]!).core;
    expect(await revertName(stranger.setCaps(1n, 1n))).toBe('OwnableUnauthorizedAccount');
    expect(await revertName(stranger.setMinimums(1n, 1n))).toBe('OwnableUnauthorizedAccount');
    expect(await revertName(stranger.setFees(1n, 1n))).toBe('OwnableUnauthorizedAccount');
    expect(await revertName(stranger.setDepositsPaused(true))).toBe('OwnableUnauthorizedAccount');
    expect(await revertName(stranger.setKeeper(v.wallets[7]!.address))).toBe('OwnableUnauthorizedAccount');
    expect(await revertName(stranger.setTreasury(v.wallets[7]!.address))).toBe('OwnableUnauthorizedAccount');

    const { core } = vaultContracts(v, v.deployer);
    expect(await revertName(core.setFees(5_001n, 0n))).toBe('FeeTooHigh');
    expect(await revertName(core.setFees(0n, 501n))).toBe('FeeTooHigh');
    expect(await revertName(core.setTreasury('0x0000000000000000000000000000000000000000'))).toBe(
      'ZeroAddress',
    );
    await mined(core.setMinimums(2n * USDC, 20n * USDC));
    expect([await core.minimumDeposit(), await core.recommendedOperationalMinimum()]).toEqual([
      2n * USDC,
      20n * USDC,
    ]);
    await mined(core.setFees(2_000n, 100n));
    expect([await core.performanceFeeBps(), await core.managementFeeBps()]).toEqual([2_000n, 100n]);
    await mined(core.setTreasury(v.deployer.address));
    expect(await core.treasury()).toBe(v.deployer.address);
    await mined(core.setKeeper(v.keeper.address));
    expect(await core.keeper()).toBe(v.keeper.address);
    await mined(core.setFees(1_000n, 0n));
    await mined(core.setMinimums(5n * USDC, 10n * USDC));
  });

  it('wires pipes, strategy and NAV source exactly once', async () => {
    const { core } = vaultContracts(v, v.deployer);
    const c = v.deployment.contracts;
    expect(await core.depositPipe()).toBe(c.depositPipe);
    expect(await core.redemptionPipe()).toBe(c.redemptionPipe);
    expect(await core.strategy()).toBe(c.strategy);
    expect(await core.navSource()).toBe(c.navSource);
    expect(await revertName(core.wire(c.depositPipe, c.redemptionPipe, c.strategy, c.navSource))).toBe(
      'AlreadyWired',
    );
  });

  it('lets only Core mint, burn or move shares, and only minters mint USDC', async () => {
    const { share, usdc, core } = vaultContracts(v, v.wallets[7]!);
    const me = v.wallets[7]!.address;
    expect(await revertName(share.mint(me, 1n))).toBe('Unauthorized');
    expect(await revertName(share.burn(me, 1n))).toBe('Unauthorized');
    expect(await revertName(share.coreTransfer(me, me, 1n))).toBe('Unauthorized');
    expect(await revertName(core.mintFor(me, 1n))).toBe('Unauthorized');
    expect(await revertName(core.escrowShares(me, 1n))).toBe('Unauthorized');
    expect(await revertName(usdc.mint(me, 1n))).toBe('Unauthorized');
    expect(await share.decimals()).toBe(12n);
    expect(await usdc.decimals()).toBe(6n);
  });
});
