import { ContractFactory, id as keccak } from 'ethers';
import { artifact, SvcVault__factory } from '@yv/contracts';
import { useDevnetVault } from '@yv/testkit';
import {
  deposit,
  eventArgs,
  expectProofHolds,
  logNames,
  mined,
  ONE_SHARE,
  revertName,
  revertOf,
  toAssets,
  toShares,
  USDC,
  v3,
  vaultState,
  ZeroAddress,
} from './helpers';

const v = useDevnetVault(
  { maxTvl: 3_000_000n * USDC, maxUserDeposit: 1_500_000n * USDC, minimumDeposit: 5n * USDC },
  { contractVersion: 'svc-vault-v3' },
);

afterEach(() => expectProofHolds(v));

const selector = (signature: string): number => parseInt(keccak(signature).slice(0, 10), 16);
const interfaceId = (...signatures: string[]): string =>
  `0x${(signatures.map(selector).reduce((a, b) => a ^ b, 0) >>> 0).toString(16).padStart(8, '0')}`;

describe('SvcVault as token, ERC-7575 vault and ERC-165 contract', () => {
  it('is its own 12-decimal share token over USDC, wired to the strategy and NAV source', async () => {
    const { vault } = v3(v, v.deployer);
    const c = v.deployment.contracts;
    expect(await vault.name()).toBe('SVC USDC Vault Share');
    expect(await vault.symbol()).toBe('svcUSDC');
    expect(await vault.decimals()).toBe(12n);
    expect(await vault.asset()).toBe(c.usdc);
    expect(await vault.share()).toBe(c.vault);
    expect(await vault.owner()).toBe(v.deployer.address);
    expect(await vault.keeper()).toBe(v.keeper.address);
    expect(await vault.treasury()).toBe(c.treasury);
    expect(await vault.strategy()).toBe(c.strategy);
    expect(await vault.navSource()).toBe(c.navSource);
    expect(await vault.BPS()).toBe(10_000n);
    expect(await vault.MAX_PERFORMANCE_FEE_BPS()).toBe(5_000n);
    expect(await vault.MAX_MANAGEMENT_FEE_BPS()).toBe(500n);
    expect(await vault.DECIMALS_OFFSET()).toBe(6n);
    expect(await vault.PRICE_PRECISION()).toBe(10n ** 27n);
    expect(await vault.highWaterMark()).toBe(10n ** 21n);
    expect(await vault.nextRedemptionId()).toBe(1n);
    expect([await vault.maxTvl(), await vault.maxUserDeposit(), await vault.minimumDeposit()]).toEqual([
      3_000_000n * USDC,
      1_500_000n * USDC,
      5n * USDC,
    ]);
    expect(await vault.recommendedOperationalMinimum()).toBe(10n * USDC);
    expect([await vault.performanceFeeBps(), await vault.managementFeeBps()]).toEqual([1_000n, 0n]);
    expect(await vault.depositsPaused()).toBe(false);
    // The v2 role names of the manifest all point at the one contract.
    expect(new Set([c.vault, c.core, c.share, c.depositPipe, c.redemptionPipe]).size).toBe(1);
    expect(v.deployment.contractVersion).toBe('svc-vault-v3');
  });

  it('answers ERC-165 for ERC-165, ERC-7540 operators, ERC-7540 async redeem and ERC-7575, and nothing else', async () => {
    const { vault } = v3(v, v.deployer);
    // The ids are the XOR of the interfaces' selectors.
    expect(interfaceId('supportsInterface(bytes4)')).toBe('0x01ffc9a7');
    expect(interfaceId('setOperator(address,bool)', 'isOperator(address,address)')).toBe('0xe3bc4e65');
    expect(
      interfaceId(
        'requestRedeem(uint256,address,address)',
        'pendingRedeemRequest(uint256,address)',
        'claimableRedeemRequest(uint256,address)',
      ),
    ).toBe('0x620ee8e4');
    expect(
      interfaceId(
        'requestDeposit(uint256,address,address)',
        'pendingDepositRequest(uint256,address)',
        'claimableDepositRequest(uint256,address)',
        'deposit(uint256,address,address)',
        'mint(uint256,address,address)',
      ),
    ).toBe('0xce3bbe50');
    // ERC-7575: the whole vault interface, share() included.
    expect(
      interfaceId(
        'asset()',
        'share()',
        'convertToShares(uint256)',
        'convertToAssets(uint256)',
        'totalAssets()',
        'maxDeposit(address)',
        'previewDeposit(uint256)',
        'deposit(uint256,address)',
        'maxMint(address)',
        'previewMint(uint256)',
        'mint(uint256,address)',
        'maxWithdraw(address)',
        'previewWithdraw(uint256)',
        'withdraw(uint256,address,address)',
        'maxRedeem(address)',
        'previewRedeem(uint256)',
        'redeem(uint256,address,address)',
      ),
    ).toBe('0x2f0a18c5');
    for (const id of ['0x01ffc9a7', '0xe3bc4e65', '0x620ee8e4', '0x2f0a18c5']) {
      expect(await vault.supportsInterface(id)).toBe(true);
    }
    // ERC-165 requires false for 0xffffffff; deposits are synchronous, so no async-deposit id.
    for (const id of ['0xffffffff', '0xce3bbe50', '0x00000000', '0x36372b07' /* ERC-20 */]) {
      expect(await vault.supportsInterface(id)).toBe(false);
    }
  });

  it('has no redeem or withdraw preview: ERC-7540 async redeem reverts previewRedeem and previewWithdraw', async () => {
    const { vault } = v3(v, v.deployer);
    expect(await revertOf(vault.previewRedeem(ONE_SHARE))).toEqual({ name: 'AsyncRedeemOnly', args: [] });
    expect(await revertName(vault.previewRedeem(0n))).toBe('AsyncRedeemOnly');
    expect(await revertOf(vault.previewWithdraw(USDC))).toEqual({ name: 'AsyncRedeemOnly', args: [] });
    expect(await revertName(vault.previewWithdraw(0n))).toBe('AsyncRedeemOnly');
  });
});

describe('deposit(assets, receiver)', () => {
  it('pulls the USDC from the sender into the vault, mints the previewed shares to the receiver and emits Deposit', async () => {
    const [alice, bob] = v.wallets;
    const { vault, usdc } = v3(v, alice!);
    const assets = 1_000n * USDC;
    const preview = await vault.previewDeposit(assets);
    // Empty vault: shares = assets * (0 + 10^6) / (0 + 1), one USDC unit buys 10^6 share units.
    expect(preview).toBe(assets * 10n ** 6n);
    expect(await vault.convertToShares(assets)).toBe(preview);
    expect(await vault.checkDeposit(bob!.address, assets)).toBe(preview);
    await mined(usdc.approve(v.deployment.contracts.vault, assets));
    const aliceUsdc = await usdc.balanceOf(alice!.address);
    expect(await vault['deposit(uint256,address)'].staticCall(assets, bob!.address)).toBe(preview);
    const receipt = await mined(vault['deposit(uint256,address)'](assets, bob!.address));
    expect(eventArgs(v, receipt, 'Deposit')).toEqual({
      sender: alice!.address,
      owner: bob!.address,
      assets,
      shares: preview,
    });
    expect(eventArgs(v, receipt, 'Transfer')).toEqual({
      from: ZeroAddress,
      to: bob!.address,
      value: preview,
    });
    expect(logNames(v, receipt)).toEqual(['USDC.Transfer', 'Transfer', 'Deposit']);
    expect(await vault.balanceOf(bob!.address)).toBe(preview);
    expect(await vault.totalSupply()).toBe(preview);
    expect(await vault.shareValueOf(bob!.address)).toBe(assets);
    expect(await usdc.balanceOf(v.deployment.contracts.vault)).toBe(assets);
    expect(await usdc.balanceOf(alice!.address)).toBe(aliceUsdc - assets);
    expect(await usdc.allowance(alice!.address, v.deployment.contracts.vault)).toBe(0n);
    expect(await vault.totalAssets()).toBe(assets);
    expect(await vault.vaultUsdc()).toBe(assets);
    expect(await vault.grossManagedAssets()).toBe(assets);
    // Without yield the virtual offset keeps the ratio exact: one whole share is worth one USDC.
    expect(await vault.sharePrice()).toBe(ONE_SHARE / 10n ** 6n);
  });

  it('reverts below the minimum deposit, on zero, and without allowance', async () => {
    const w = v.wallets[0]!;
    const { vault, usdc } = v3(v, w);
    await mined(usdc.approve(v.deployment.contracts.vault, 4n * USDC));
    expect(await revertOf(vault['deposit(uint256,address)'](4n * USDC, w.address))).toEqual({
      name: 'BelowMinimumDeposit',
      args: [4n * USDC, 5n * USDC],
    });
    expect(await revertOf(vault.checkDeposit(w.address, 4n * USDC))).toEqual({
      name: 'BelowMinimumDeposit',
      args: [4n * USDC, 5n * USDC],
    });
    expect(await revertName(vault['deposit(uint256,address)'](0n, w.address))).toBe('ZeroAmount');
    expect(await revertName(vault.checkDeposit(w.address, 0n))).toBe('ZeroAmount');
    await mined(usdc.approve(v.deployment.contracts.vault, 0n));
    expect(await revertName(vault['deposit(uint256,address)'](10n * USDC, w.address))).toBe(
      'ERC20InsufficientAllowance',
    );
  });

  it('reverts while deposits are paused; exits and share transfers stay open', async () => {
    const [, bob, carol] = v.wallets;
    const owner = v3(v, v.deployer).vault;
    const receipt = await mined(owner.setDepositsPaused(true));
    expect(eventArgs(v, receipt, 'DepositsPausedSet')).toEqual({ paused: true });
    expect(await owner.depositsPaused()).toBe(true);
    expect(await owner.maxDeposit(bob!.address)).toBe(0n);
    expect(await owner.maxMint(bob!.address)).toBe(0n);
    const { vault, usdc } = v3(v, bob!);
    await mined(usdc.approve(v.deployment.contracts.vault, 100n * USDC));
    expect(await revertName(vault['deposit(uint256,address)'](10n * USDC, bob!.address))).toBe(
      'DepositsArePaused',
    );
    expect(await revertName(vault['deposit(uint256,address,uint256)'](10n * USDC, bob!.address, 0n))).toBe(
      'DepositsArePaused',
    );
    expect(await revertName(vault['mint(uint256,address)'](10n * ONE_SHARE, bob!.address))).toBe(
      'DepositsArePaused',
    );
    expect(
      await revertName(vault['mint(uint256,address,uint256)'](10n * ONE_SHARE, bob!.address, 100n * USDC)),
    ).toBe('DepositsArePaused');
    expect(await revertName(vault.checkDeposit(bob!.address, 10n * USDC))).toBe('DepositsArePaused');
    const shares = (await vault.balanceOf(bob!.address)) / 10n;
    const usdcBefore = await usdc.balanceOf(bob!.address);
    await mined(vault.redeemInstant(shares, bob!.address, bob!.address, 0n));
    expect(await usdc.balanceOf(bob!.address)).toBe(usdcBefore + 100n * USDC);
    await mined(vault.transfer(carol!.address, ONE_SHARE));
    await mined(v3(v, carol!).vault.transfer(bob!.address, ONE_SHARE));
    await mined(owner.setDepositsPaused(false));
    expect(await owner.depositsPaused()).toBe(false);
    await mined(usdc.approve(v.deployment.contracts.vault, 0n));
  });
});

describe('deposit(assets, receiver, minShares) (ERC-5143)', () => {
  it('mints when the shares meet minShares and reverts SlippageExceeded(shares, minShares) otherwise', async () => {
    const w = v.wallets[0]!;
    const { vault, usdc } = v3(v, w);
    const assets = 10n * USDC;
    const preview = await vault.previewDeposit(assets);
    await mined(usdc.approve(v.deployment.contracts.vault, assets));
    expect(
      await revertOf(vault['deposit(uint256,address,uint256)'](assets, w.address, preview + 1n)),
    ).toEqual({
      name: 'SlippageExceeded',
      args: [preview, preview + 1n],
    });
    const before = await vault.balanceOf(w.address);
    const receipt = await mined(vault['deposit(uint256,address,uint256)'](assets, w.address, preview));
    expect(eventArgs(v, receipt, 'Deposit')).toEqual({
      sender: w.address,
      owner: w.address,
      assets,
      shares: preview,
    });
    expect(await vault.balanceOf(w.address)).toBe(before + preview);
  });

  it('applies every deposit rule as the two-argument deposit does', async () => {
    const w = v.wallets[0]!;
    const { vault, usdc } = v3(v, w);
    await mined(usdc.approve(v.deployment.contracts.vault, 4n * USDC));
    expect(await revertName(vault['deposit(uint256,address,uint256)'](4n * USDC, w.address, 0n))).toBe(
      'BelowMinimumDeposit',
    );
    expect(await revertName(vault['deposit(uint256,address,uint256)'](0n, w.address, 0n))).toBe('ZeroAmount');
    await mined(usdc.approve(v.deployment.contracts.vault, 0n));
    expect(await revertName(vault['deposit(uint256,address,uint256)'](5n * USDC, w.address, 0n))).toBe(
      'ERC20InsufficientAllowance',
    );
  });
});

describe('mint(shares, receiver) and mint(shares, receiver, maxAssets)', () => {
  it('mints exactly the shares for previewMint assets, rounded up, pulled from the sender', async () => {
    const [alice, bob] = v.wallets;
    const { vault, usdc } = v3(v, alice!);
    const shares = 7n * ONE_SHARE + 1n;
    const s = await vaultState(v);
    const assets = await vault.previewMint(shares);
    expect(assets).toBe(toAssets(s, shares, true));
    // At one share unit over whole shares the cost rounds up by one USDC unit.
    expect(assets).toBe(toAssets(s, shares) + 1n);
    await mined(usdc.approve(v.deployment.contracts.vault, assets));
    expect(await vault['mint(uint256,address)'].staticCall(shares, bob!.address)).toBe(assets);
    const usdcBefore = await usdc.balanceOf(alice!.address);
    const sharesBefore = await vault.balanceOf(bob!.address);
    const receipt = await mined(vault['mint(uint256,address)'](shares, bob!.address));
    expect(eventArgs(v, receipt, 'Deposit')).toEqual({
      sender: alice!.address,
      owner: bob!.address,
      assets,
      shares,
    });
    expect(logNames(v, receipt)).toEqual(['USDC.Transfer', 'Transfer', 'Deposit']);
    expect(await vault.balanceOf(bob!.address)).toBe(sharesBefore + shares);
    expect(await usdc.balanceOf(alice!.address)).toBe(usdcBefore - assets);
  });

  it('reverts MaxAssetsExceeded(assets, maxAssets) when the cost is above maxAssets, and mints at exactly it', async () => {
    const w = v.wallets[0]!;
    const { vault, usdc } = v3(v, w);
    const shares = 6n * ONE_SHARE;
    const assets = await vault.previewMint(shares);
    await mined(usdc.approve(v.deployment.contracts.vault, assets));
    expect(await revertOf(vault['mint(uint256,address,uint256)'](shares, w.address, assets - 1n))).toEqual({
      name: 'MaxAssetsExceeded',
      args: [assets, assets - 1n],
    });
    expect(await vault['mint(uint256,address,uint256)'].staticCall(shares, w.address, assets)).toBe(assets);
    const receipt = await mined(vault['mint(uint256,address,uint256)'](shares, w.address, assets));
    expect(eventArgs(v, receipt, 'Deposit')).toEqual({ sender: w.address, owner: w.address, assets, shares });
  });

  it('applies the deposit rules to the assets a mint costs', async () => {
    const w = v.wallets[0]!;
    const { vault, usdc } = v3(v, w);
    await mined(usdc.approve(v.deployment.contracts.vault, 10n * USDC));
    // 4 whole shares cost about 4 USDC: below the 5 USDC minimum.
    const cost = await vault.previewMint(4n * ONE_SHARE);
    expect(cost).toBeGreaterThanOrEqual(4n * USDC);
    expect(cost).toBeLessThan(5n * USDC);
    expect(await revertOf(vault['mint(uint256,address)'](4n * ONE_SHARE, w.address))).toEqual({
      name: 'BelowMinimumDeposit',
      args: [cost, 5n * USDC],
    });
    expect(
      await revertName(vault['mint(uint256,address,uint256)'](4n * ONE_SHARE, w.address, 10n * USDC)),
    ).toBe('BelowMinimumDeposit');
    expect(await revertName(vault['mint(uint256,address)'](0n, w.address))).toBe('ZeroAmount');
    expect(await revertName(vault['mint(uint256,address,uint256)'](0n, w.address, 0n))).toBe('ZeroAmount');
    await mined(usdc.approve(v.deployment.contracts.vault, 0n));
    expect(await revertName(vault['mint(uint256,address)'](5n * ONE_SHARE, w.address))).toBe(
      'ERC20InsufficientAllowance',
    );
  });
});

describe('caps', () => {
  it('enforces the per-user cap on the receiver position and the global TVL cap for deposit and mint', async () => {
    const [, , carol, dave, erin, frank] = v.wallets;
    const { vault } = v3(v, carol!);
    await deposit(v, carol!, 900_000n * USDC);
    const userRoom = await vault.userDepositRoom(carol!.address);
    expect(userRoom).toBe(1_500_000n * USDC - (await vault.shareValueOf(carol!.address)));
    // The position is worth the deposit, less at most one unit of rounding in the vault's favour.
    expect(userRoom - 600_000n * USDC).toBeGreaterThanOrEqual(0n);
    expect(userRoom - 600_000n * USDC).toBeLessThanOrEqual(1n);
    expect(await vault.maxDeposit(carol!.address)).toBe(userRoom);
    expect(await vault.maxMint(carol!.address)).toBe(await vault.convertToShares(userRoom));
    const { usdc } = v3(v, carol!);
    await mined(usdc.approve(v.deployment.contracts.vault, userRoom + 1n));
    expect(await revertOf(vault['deposit(uint256,address)'](userRoom + 1n, carol!.address))).toEqual({
      name: 'MaxUserDepositExceeded',
      args: [userRoom + 1n, userRoom],
    });
    const tooMany = (await vault.maxMint(carol!.address)) + ONE_SHARE;
    expect(await revertName(vault['mint(uint256,address)'](tooMany, carol!.address))).toBe(
      'MaxUserDepositExceeded',
    );
    // The cap is on the receiver: carol can still deposit for someone else.
    await deposit(v, carol!, 10n * USDC, dave!.address);

    await deposit(v, dave!, 900_000n * USDC);
    await deposit(v, erin!, 900_000n * USDC);
    const globalRoom = await vault.globalDepositRoom();
    expect(globalRoom).toBe(3_000_000n * USDC - (await vault.totalAssets()));
    const f = v3(v, frank!);
    await mined(f.usdc.approve(v.deployment.contracts.vault, globalRoom + 1n));
    expect(await revertOf(f.vault['deposit(uint256,address)'](globalRoom + 1n, frank!.address))).toEqual({
      name: 'MaxTvlExceeded',
      args: [globalRoom + 1n, globalRoom],
    });
    expect(await vault.maxDeposit(frank!.address)).toBe(globalRoom);
    const maxMint = await vault.maxMint(frank!.address);
    expect(maxMint).toBe(await vault.convertToShares(globalRoom));
    // maxMint's cost fits in maxDeposit: it is rounded down.
    expect(await vault.previewMint(maxMint)).toBeLessThanOrEqual(globalRoom);
    expect(await revertName(f.vault['mint(uint256,address)'](maxMint + ONE_SHARE, frank!.address))).toBe(
      'MaxTvlExceeded',
    );
    await mined(f.usdc.approve(v.deployment.contracts.vault, 0n));
  });

  it('maxDeposit is 0 when the vault is at its TVL cap', async () => {
    const { vault } = v3(v, v.deployer);
    const assets = await vault.totalAssets();
    await mined(vault.setCaps(assets, 1_500_000n * USDC));
    expect(await vault.globalDepositRoom()).toBe(0n);
    expect(await vault.maxDeposit(v.wallets[7]!.address)).toBe(0n);
    expect(await vault.maxMint(v.wallets[7]!.address)).toBe(0n);
    await mined(vault.setCaps(3_000_000n * USDC, 1_500_000n * USDC));
  });
});

describe('plain ERC-20 share transfers', () => {
  it('transfers, approves and transferFroms shares like any ERC-20', async () => {
    const [alice, bob, , , , , gina] = v.wallets;
    const a = v3(v, alice!).vault;
    const shares = ONE_SHARE * 3n;
    const before = await a.balanceOf(gina!.address);
    await mined(a.transfer(gina!.address, shares));
    expect(await a.balanceOf(gina!.address)).toBe(before + shares);
    const g = v3(v, gina!).vault;
    await mined(g.approve(bob!.address, shares));
    expect(await a.allowance(gina!.address, bob!.address)).toBe(shares);
    await mined(v3(v, bob!).vault.transferFrom(gina!.address, alice!.address, shares));
    expect(await a.balanceOf(gina!.address)).toBe(before);
    expect(await revertName(v3(v, bob!).vault.transferFrom(gina!.address, alice!.address, 1n))).toBe(
      'ERC20InsufficientAllowance',
    );
  });
});

describe('owner-only parameters', () => {
  it('lets only the owner set caps, minimums, fees, pause, keeper and treasury, and bounds fees', async () => {
    const stranger = v3(v, v.wallets[7]!).vault;
    const me = v.wallets[7]!.address;
    for (const action of [
      () => stranger.setCaps(1n, 1n),
      () => stranger.setMinimums(1n, 1n),
      () => stranger.setFees(1n, 1n),
      () => stranger.setDepositsPaused(true),
      () => stranger.setKeeper(me),
      () => stranger.setTreasury(me),
      () => stranger.wire(me, me),
    ]) {
      expect(await revertOf(action())).toEqual({ name: 'OwnableUnauthorizedAccount', args: [me] });
    }

    const { vault } = v3(v, v.deployer);
    expect(await revertOf(vault.setFees(5_001n, 0n))).toEqual({ name: 'FeeTooHigh', args: [5_001n, 5_000n] });
    expect(await revertOf(vault.setFees(0n, 501n))).toEqual({ name: 'FeeTooHigh', args: [501n, 500n] });
    expect(await revertName(vault.setTreasury(ZeroAddress))).toBe('ZeroAddress');

    let receipt = await mined(vault.setCaps(4_000_000n * USDC, 1_000_000n * USDC));
    expect(eventArgs(v, receipt, 'CapsSet')).toEqual({
      maxTvl: 4_000_000n * USDC,
      maxUserDeposit: 1_000_000n * USDC,
    });
    expect([await vault.maxTvl(), await vault.maxUserDeposit()]).toEqual([
      4_000_000n * USDC,
      1_000_000n * USDC,
    ]);
    receipt = await mined(vault.setMinimums(2n * USDC, 20n * USDC));
    expect(eventArgs(v, receipt, 'MinimumsSet')).toEqual({
      minimumDeposit: 2n * USDC,
      recommendedOperationalMinimum: 20n * USDC,
    });
    expect([await vault.minimumDeposit(), await vault.recommendedOperationalMinimum()]).toEqual([
      2n * USDC,
      20n * USDC,
    ]);
    receipt = await mined(vault.setFees(5_000n, 500n));
    expect(eventArgs(v, receipt, 'FeesSet')).toEqual({ performanceFeeBps: 5_000n, managementFeeBps: 500n });
    expect([await vault.performanceFeeBps(), await vault.managementFeeBps()]).toEqual([5_000n, 500n]);
    receipt = await mined(vault.setTreasury(me));
    expect(eventArgs(v, receipt, 'TreasurySet')).toEqual({ treasury: me });
    expect(await vault.treasury()).toBe(me);
    receipt = await mined(vault.setKeeper(me));
    expect(eventArgs(v, receipt, 'KeeperSet')).toEqual({ keeper: me });
    expect(await vault.keeper()).toBe(me);

    await mined(vault.setKeeper(v.keeper.address));
    await mined(vault.setTreasury(v.deployment.contracts.treasury));
    await mined(vault.setFees(1_000n, 0n));
    await mined(vault.setMinimums(5n * USDC, 10n * USDC));
    await mined(vault.setCaps(3_000_000n * USDC, 1_500_000n * USDC));
  });

  it('is wired to strategy and NAV source exactly once', async () => {
    const { vault } = v3(v, v.deployer);
    const c = v.deployment.contracts;
    expect(await vault.strategy()).toBe(c.strategy);
    expect(await vault.navSource()).toBe(c.navSource);
    expect(await revertName(vault.wire(c.strategy, c.navSource))).toBe('AlreadyWired');
  });

  it('a fresh vault refuses zero addresses when wired, emits Wired, and its constructor bounds fees', async () => {
    const c = v.deployment.contracts;
    const { abi, bytecode } = artifact('SvcVault');
    const factory = new ContractFactory(abi as never, bytecode, v.deployer);
    const params = [1n, 1n, 1n, 1n, 0n, 0n];
    const fresh = await factory.deploy(
      v.deployer.address,
      c.usdc,
      'N',
      'S',
      c.treasury,
      v.keeper.address,
      params,
    );
    await fresh.waitForDeployment();
    const vault = SvcVault__factory.connect(await fresh.getAddress(), v.deployer);
    expect(await vault.strategy()).toBe(ZeroAddress);
    expect(await revertName(vault.wire(ZeroAddress, c.navSource))).toBe('ZeroAddress');
    expect(await revertName(vault.wire(c.strategy, ZeroAddress))).toBe('ZeroAddress');
    const receipt = await mined(vault.wire(c.strategy, c.navSource));
    const wired = receipt.logs.map((l) => vault.interface.parseLog(l)).find((e) => e?.name === 'Wired');
    expect(wired?.args.toObject()).toEqual({ strategy: c.strategy, navSource: c.navSource });
    expect(await revertName(vault.wire(c.strategy, c.navSource))).toBe('AlreadyWired');

    const tooHigh = [1n, 1n, 1n, 1n, 5_001n, 0n];
    expect(
      await revertName(
        factory.deploy(v.deployer.address, c.usdc, 'N', 'S', c.treasury, v.keeper.address, tooHigh),
      ),
    ).toBe('FeeTooHigh');
  });
});

describe('conversions at the current price', () => {
  it('convertToShares, convertToAssets, previewDeposit and previewMint agree with exact math', async () => {
    const { vault } = v3(v, v.deployer);
    const s = await vaultState(v);
    for (const assets of [1n, 999n, 5n * USDC, 123_456_789n]) {
      expect(await vault.convertToShares(assets)).toBe(toShares(s, assets));
      expect(await vault.previewDeposit(assets)).toBe(toShares(s, assets));
    }
    for (const shares of [1n, ONE_SHARE, 3n * ONE_SHARE + 17n]) {
      expect(await vault.convertToAssets(shares)).toBe(toAssets(s, shares));
      expect(await vault.previewMint(shares)).toBe(toAssets(s, shares, true));
    }
  });
});
