import { useDevnetVault } from '@yv/testkit';
import { deposit, expectProofHolds, mined, revertName, USDC, vaultContracts } from './helpers';

const v = useDevnetVault(undefined, { contractVersion: 'svc-pipe-v2' });

afterEach(() => expectProofHolds(v));

async function requestRedeem(walletIndex: number, shares: bigint): Promise<bigint> {
  const w = v.wallets[walletIndex]!;
  const { redemptionPipe } = vaultContracts(v, w);
  const receipt = await (await redemptionPipe.requestRedeem(shares, w.address)).wait();
  const event = receipt!.logs
    .map((l) => redemptionPipe.interface.parseLog(l))
    .find((e) => e?.name === 'RedeemRequested');
  return event!.args.id as bigint;
}

/** The keeper moves every free USDC to the strategy, so nothing can be fulfilled or redeemed instantly. */
async function drainToStrategy(): Promise<void> {
  const { core } = vaultContracts(v, v.keeper);
  const free = await core.instantRedeemCapacity();
  if (free > 0n) await mined(core.allocateToStrategy(free));
}

async function returnAllFromStrategy(): Promise<void> {
  const { usdc, strategy } = vaultContracts(v, v.keeper);
  const held = await usdc.balanceOf(v.deployment.contracts.strategy);
  if (held > 0n) await mined(strategy.returnToVault(held));
}

describe('queued redemptions', () => {
  let sharesA: bigint;
  beforeAll(async () => {
    sharesA = await deposit(v, v.wallets[0]!, 10_000n * USDC);
    await deposit(v, v.wallets[1]!, 10_000n * USDC);
  });

  it('requestRedeem escrows the shares, returns an id and emits RedeemRequested', async () => {
    const { redemptionPipe, share, core } = vaultContracts(v, v.wallets[0]!);
    const id = await requestRedeem(0, sharesA / 2n);
    expect(id).toBe(1n);
    const r = await redemptionPipe.getRedemption(id);
    expect(r.owner).toBe(v.wallets[0]!.address);
    expect(r.shares).toBe(sharesA / 2n);
    expect(r.status).toBe(1n);
    expect(await share.balanceOf(v.wallets[0]!.address)).toBe(sharesA / 2n);
    expect(await core.escrowedShares()).toBe(sharesA / 2n);
    expect(await redemptionPipe.nextRedemptionId()).toBe(2n);
  });

  it('refuses to escrow more shares than the owner holds, or zero', async () => {
    const { redemptionPipe } = vaultContracts(v, v.wallets[0]!);
    expect(await revertName(redemptionPipe.requestRedeem(sharesA, v.wallets[0]!.address))).toBe(
      'InsufficientShares',
    );
    expect(await revertName(redemptionPipe.requestRedeem(0n, v.wallets[0]!.address))).toBe('ZeroAmount');
  });

  it('refuses to claim a pending redemption, and only its owner may claim or cancel', async () => {
    const owner = vaultContracts(v, v.wallets[0]!).redemptionPipe;
    const stranger = vaultContracts(v, v.wallets[1]!).redemptionPipe;
    expect(await revertName(owner.claimRedeem(1n, v.wallets[0]!.address))).toBe('RedemptionNotClaimable');
    expect(await revertName(stranger.claimRedeem(1n, v.wallets[1]!.address))).toBe('NotRedemptionOwner');
    expect(await revertName(stranger.cancelRedeem(1n))).toBe('NotRedemptionOwner');
    expect(await revertName(owner.cancelRedeem(99n))).toBe('RedemptionNotFound');
    expect(await revertName(owner.fulfillRedeem(99n))).toBe('RedemptionNotFound');
  });

  it('fulfilment without vault liquidity reverts', async () => {
    await drainToStrategy();
    const { redemptionPipe } = vaultContracts(v, v.wallets[3]!);
    expect(await revertName(redemptionPipe.fulfillRedeem(1n))).toBe('InsufficientLiquidity');
  });

  it('anyone fulfils once liquidity is back: assets fixed at the current price, shares burnt, USDC reserved', async () => {
    await returnAllFromStrategy();
    const { redemptionPipe, core, share } = vaultContracts(v, v.wallets[3]!);
    const expectedAssets = await core.previewRedeem(sharesA / 2n);
    const supplyBefore = await share.totalSupply();
    const receipt = await (await redemptionPipe.fulfillRedeem(1n)).wait();
    const event = receipt!.logs
      .map((l) => redemptionPipe.interface.parseLog(l))
      .find((e) => e?.name === 'RedeemFulfilled');
    expect(event?.args.assets).toBe(expectedAssets);
    expect(expectedAssets).toBe(5_000n * USDC);
    const r = await redemptionPipe.getRedemption(1n);
    expect([r.status, r.assets]).toEqual([2n, expectedAssets]);
    expect(await core.reservedAssets()).toBe(expectedAssets);
    expect(await share.totalSupply()).toBe(supplyBefore - sharesA / 2n);
    expect(await core.escrowedShares()).toBe(0n);
    expect(await revertName(redemptionPipe.fulfillRedeem(1n))).toBe('RedemptionNotPending');
  });

  it('reserved USDC is not lent to the strategy nor paid out instantly', async () => {
    const { core } = vaultContracts(v, v.keeper);
    const free = await core.instantRedeemCapacity();
    expect(free).toBe((await core.vaultUsdc()) - (await core.reservedAssets()));
    expect(await revertName(core.allocateToStrategy(free + 1n))).toBe('InsufficientLiquidity');
  });

  it('cancelling after fulfilment reverts', async () => {
    const { redemptionPipe } = vaultContracts(v, v.wallets[0]!);
    expect(await revertName(redemptionPipe.cancelRedeem(1n))).toBe('RedemptionNotPending');
  });

  it('the owner claims once, to a receiver of their choice; a second claim reverts', async () => {
    const { redemptionPipe, usdc, core } = vaultContracts(v, v.wallets[0]!);
    const receiver = v.wallets[6]!.address;
    const before = await usdc.balanceOf(receiver);
    const receipt = await (await redemptionPipe.claimRedeem(1n, receiver)).wait();
    const event = receipt!.logs
      .map((l) => redemptionPipe.interface.parseLog(l))
      .find((e) => e?.name === 'RedeemClaimed');
    expect(event?.args.receiver).toBe(receiver);
    expect(await usdc.balanceOf(receiver)).toBe(before + 5_000n * USDC);
    expect(await core.reservedAssets()).toBe(0n);
    expect((await redemptionPipe.getRedemption(1n)).status).toBe(3n);
    expect(await revertName(redemptionPipe.claimRedeem(1n, receiver))).toBe('RedemptionNotClaimable');
  });

  it('the owner cancels a pending redemption and gets the shares back; it cannot be fulfilled afterwards', async () => {
    const { redemptionPipe, share } = vaultContracts(v, v.wallets[1]!);
    const balance = await share.balanceOf(v.wallets[1]!.address);
    const id = await requestRedeem(1, balance / 4n);
    expect(await share.balanceOf(v.wallets[1]!.address)).toBe(balance - balance / 4n);
    const receipt = await (await redemptionPipe.cancelRedeem(id)).wait();
    expect(receipt!.logs.map((l) => redemptionPipe.interface.parseLog(l)?.name)).toContain('RedeemCancelled');
    expect(await share.balanceOf(v.wallets[1]!.address)).toBe(balance);
    expect((await redemptionPipe.getRedemption(id)).status).toBe(4n);
    expect(await revertName(redemptionPipe.fulfillRedeem(id))).toBe('RedemptionNotPending');
    expect(await revertName(redemptionPipe.cancelRedeem(id))).toBe('RedemptionNotPending');
  });
});

describe('instant redemptions', () => {
  it('pays the previewed assets from free vault USDC and emits InstantRedeem', async () => {
    const w = v.wallets[1]!;
    const { redemptionPipe, share, usdc, core } = vaultContracts(v, w);
    const shares = (await share.balanceOf(w.address)) / 10n;
    const assets = await core.previewRedeem(shares);
    const before = await usdc.balanceOf(w.address);
    const receipt = await (await redemptionPipe.redeemInstant(shares, w.address, assets)).wait();
    const event = receipt!.logs
      .map((l) => redemptionPipe.interface.parseLog(l))
      .find((e) => e?.name === 'InstantRedeem');
    expect(event?.args.toObject()).toEqual({ owner: w.address, receiver: w.address, shares, assets });
    expect(await usdc.balanceOf(w.address)).toBe(before + assets);
    expect(await core.maxRedeem(w.address)).toBe(await share.balanceOf(w.address));
  });

  it('reverts when minAssetsOut is above what the shares are worth (slippage bound)', async () => {
    const w = v.wallets[1]!;
    const { redemptionPipe, core } = vaultContracts(v, w);
    const shares = 10n ** 12n;
    const assets = await core.previewRedeem(shares);
    expect(await revertName(redemptionPipe.redeemInstant(shares, w.address, assets + 1n))).toBe(
      'SlippageExceeded',
    );
  });

  it('reverts beyond instant capacity, and maxWithdraw says how much fits', async () => {
    await drainToStrategy();
    const w = v.wallets[1]!;
    const { redemptionPipe, core, share } = vaultContracts(v, w);
    expect(await core.maxWithdraw(w.address)).toBe(0n);
    expect(await revertName(redemptionPipe.redeemInstant(10n ** 12n, w.address, 0n))).toBe(
      'InstantCapacityExceeded',
    );
    const { strategy } = vaultContracts(v, v.keeper);
    await mined(strategy.returnToVault(100n * USDC));
    expect(await core.maxWithdraw(w.address)).toBe(100n * USDC);
    const balance = await share.balanceOf(w.address);
    expect(await revertName(redemptionPipe.redeemInstant(balance + 1n, w.address, 0n))).toBe(
      'InsufficientShares',
    );
    await returnAllFromStrategy();
  });
});
