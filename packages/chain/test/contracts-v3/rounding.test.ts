/**
 * ERC-4626 rounding at a price that is not a round number (yield reported through the strategy and NavSource):
 * every conversion is checked against exact bigint math, and every rounding goes the vault's way.
 */
import { useDevnetVault } from '@yv/testkit';
import {
  addYield,
  deposit,
  eventArgs,
  expectProofHolds,
  mined,
  ONE_SHARE,
  precisePrice,
  requestRedeem,
  revertOf,
  toAssets,
  toShares,
  USDC,
  v3,
  vaultState,
  VIRTUAL_SHARES,
  type VaultState,
} from './helpers';

const v = useDevnetVault({ minimumDeposit: 1n }, { contractVersion: 'svc-vault-v3' });

afterEach(() => expectProofHolds(v));

let priceBefore: bigint;
beforeEach(async () => {
  priceBefore = precisePrice(await vaultState(v));
});
/** No operation ever lowers the price of a share. */
afterEach(async () => {
  expect(precisePrice(await vaultState(v))).toBeGreaterThanOrEqual(priceBefore);
});

beforeAll(async () => {
  await deposit(v, v.wallets[0]!, 10_000n * USDC);
  await addYield(v, 1_234_567_891n);
  await mined(v3(v, v.keeper).navSource.report(11_111_111n, 0n, 777_777_777n, 3n, 0n));
});

/** The first amount from `start` up whose conversion does not divide evenly, so floor and ceil differ. */
function uneven(
  start: bigint,
  convert: (s: VaultState, x: bigint, up?: boolean) => bigint,
  s: VaultState,
): bigint {
  for (let x = start; ; x++) if (convert(s, x, true) !== convert(s, x)) return x;
}

describe('views at a non-trivial price', () => {
  it('the price carries the reported yield and is not a round number', async () => {
    const { vault } = v3(v, v.deployer);
    const s = await vaultState(v);
    expect(s.totalAssets).toBe(10_000n * USDC + 1_234_567_891n + 11_111_111n + 777_777_777n + 3n);
    expect(s.supply).toBe(10_000n * USDC * VIRTUAL_SHARES);
    expect(await vault.sharePrice()).toBe(toAssets(s, ONE_SHARE));
    expect(toAssets(s, ONE_SHARE, true)).toBe(toAssets(s, ONE_SHARE) + 1n);
  });

  it('previewDeposit and convertToShares round down; previewMint rounds up; convertToAssets rounds down', async () => {
    const { vault } = v3(v, v.deployer);
    const s = await vaultState(v);
    const assetAmounts = [1n, 2n, 999n, USDC, uneven(123_456_789n, toShares, s), 7_654_321_987n];
    let roundedShares = 0;
    for (const assets of assetAmounts) {
      const floor = toShares(s, assets);
      expect(await vault.previewDeposit(assets)).toBe(floor);
      expect(await vault.convertToShares(assets)).toBe(floor);
      if (toShares(s, assets, true) !== floor) roundedShares++;
      // What a deposit buys is never worth more than it paid, nor does it cost more to mint.
      expect(toAssets(s, floor)).toBeLessThanOrEqual(assets);
      expect(toAssets(s, floor, true)).toBeLessThanOrEqual(assets);
    }
    expect(roundedShares).toBeGreaterThan(0);

    const shareAmounts = [1n, 999_999n, ONE_SHARE, uneven(3n * ONE_SHARE, toAssets, s), 123_456_789_012_345n];
    let roundedAssets = 0;
    for (const shares of shareAmounts) {
      const floor = toAssets(s, shares);
      const ceil = toAssets(s, shares, true);
      expect(await vault.convertToAssets(shares)).toBe(floor);
      expect(await vault.previewMint(shares)).toBe(ceil);
      if (ceil !== floor) roundedAssets++;
      // Paying previewMint would buy at least the shares by deposit.
      expect(toShares(s, ceil)).toBeGreaterThanOrEqual(shares);
    }
    expect(roundedAssets).toBeGreaterThan(0);
  });

  it('maxMint’s cost fits in maxDeposit, and user room counts the position rounded down', async () => {
    const { vault } = v3(v, v.deployer);
    const holder = v.wallets[0]!.address;
    const s = await vaultState(v);
    const held = toAssets(s, await vault.balanceOf(holder));
    expect(await vault.shareValueOf(holder)).toBe(held);
    expect(await vault.userDepositRoom(holder)).toBe((await vault.maxUserDeposit()) - held);
    for (const who of [holder, v.wallets[5]!.address]) {
      const maxDeposit = await vault.maxDeposit(who);
      const maxMint = await vault.maxMint(who);
      expect(maxMint).toBe(toShares(s, maxDeposit));
      expect(await vault.previewMint(maxMint)).toBeLessThanOrEqual(maxDeposit);
    }
  });
});

describe('flows at a non-trivial price', () => {
  it('deposit mints exactly the rounded-down shares; minShares one above them reverts', async () => {
    const w = v.wallets[1]!;
    const { vault, usdc } = v3(v, w);
    const s = await vaultState(v);
    const assets = uneven(12_345_678_901n, toShares, s);
    const floor = toShares(s, assets);
    await mined(usdc.approve(v.deployment.contracts.vault, assets));
    expect(await revertOf(vault['deposit(uint256,address,uint256)'](assets, w.address, floor + 1n))).toEqual({
      name: 'SlippageExceeded',
      args: [floor, floor + 1n],
    });
    const receipt = await mined(vault['deposit(uint256,address,uint256)'](assets, w.address, floor));
    expect(eventArgs(v, receipt, 'Deposit')).toMatchObject({ assets, shares: floor });
    expect(await vault.balanceOf(w.address)).toBe(floor);
    expect(await vault.totalAssets()).toBe(s.totalAssets + assets);
  });

  it('mint pulls exactly the rounded-up assets; maxAssets one below them reverts', async () => {
    const w = v.wallets[2]!;
    const { vault, usdc } = v3(v, w);
    const s = await vaultState(v);
    const shares = uneven(7_777_777_777_777n, toAssets, s);
    const cost = toAssets(s, shares, true);
    expect(cost).toBe(toAssets(s, shares) + 1n);
    await mined(usdc.approve(v.deployment.contracts.vault, cost));
    expect(await revertOf(vault['mint(uint256,address,uint256)'](shares, w.address, cost - 1n))).toEqual({
      name: 'MaxAssetsExceeded',
      args: [cost, cost - 1n],
    });
    const before = await usdc.balanceOf(w.address);
    const receipt = await mined(vault['mint(uint256,address,uint256)'](shares, w.address, cost));
    expect(eventArgs(v, receipt, 'Deposit')).toMatchObject({ assets: cost, shares });
    expect(await usdc.balanceOf(w.address)).toBe(before - cost);
    expect(await vault.balanceOf(w.address)).toBe(shares);
  });

  it('fulfilment fixes the rounded-down assets of the request', async () => {
    const w = v.wallets[1]!;
    const { vault } = v3(v, w);
    const s = await vaultState(v);
    const shares = uneven((await vault.balanceOf(w.address)) / 3n, toAssets, s);
    const id = await requestRedeem(v, w, shares);
    // Escrow moves shares but changes neither supply nor assets.
    expect(await vaultState(v)).toEqual(s);
    const expected = toAssets(s, shares);
    const receipt = await mined(v3(v, v.keeper).vault.fulfillRedeem(id));
    expect(eventArgs(v, receipt, 'RedeemFulfilled').assets).toBe(expected);
    expect((await vault.getRedemption(id)).assets).toBe(expected);
    expect(await vault.maxWithdraw(w.address)).toBe(expected);
    expect(await vault.totalAssets()).toBe(s.totalAssets - expected);
    expect(await vault.totalSupply()).toBe(s.supply - shares);
    const claim = await mined(vault.claimRedeem(id, w.address));
    expect(eventArgs(v, claim, 'Withdraw')).toMatchObject({ assets: expected, shares });
  });

  it('an instant redemption pays the rounded-down assets', async () => {
    const w = v.wallets[2]!;
    const { vault, usdc } = v3(v, w);
    const s = await vaultState(v);
    const shares = uneven((await vault.balanceOf(w.address)) / 2n, toAssets, s);
    const expected = toAssets(s, shares);
    expect(await revertOf(vault.redeemInstant(shares, w.address, w.address, expected + 1n))).toEqual({
      name: 'SlippageExceeded',
      args: [expected, expected + 1n],
    });
    const before = await usdc.balanceOf(w.address);
    await mined(vault.redeemInstant(shares, w.address, w.address, expected));
    expect(await usdc.balanceOf(w.address)).toBe(before + expected);
    expect(await vault.maxInstantWithdraw(w.address)).toBe(
      toAssets(await vaultState(v), await vault.balanceOf(w.address)),
    );
  });

  it('round trips never pay back more than was put in', async () => {
    const w = v.wallets[3]!;
    const { vault, usdc } = v3(v, w);
    for (const assets of [1n, 3n, USDC + 7n, 987_654_321n]) {
      const start = await usdc.balanceOf(w.address);
      const shares = await deposit(v, w, assets);
      if (shares > 0n && (await vault.convertToAssets(shares)) > 0n) {
        await mined(vault.redeemInstant(shares, w.address, w.address, 0n));
      }
      expect(await usdc.balanceOf(w.address)).toBeLessThanOrEqual(start);
    }
    for (const shares of [ONE_SHARE / 3n, 5n * ONE_SHARE + 11n]) {
      const start = await usdc.balanceOf(w.address);
      const held = await vault.balanceOf(w.address);
      const cost = await vault.previewMint(shares);
      await mined(usdc.approve(v.deployment.contracts.vault, cost));
      await mined(vault['mint(uint256,address)'](shares, w.address));
      await mined(vault.redeemInstant(shares, w.address, w.address, 0n));
      expect(await vault.balanceOf(w.address)).toBe(held);
      expect(await usdc.balanceOf(w.address)).toBeLessThanOrEqual(start);
    }
  });
});
