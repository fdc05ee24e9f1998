import type { HDNodeWallet, Result } from 'ethers';
import { useDevnetVault } from '@yv/testkit';
import {
  deposit,
  drainToStrategy,
  eventArgs,
  expectProofHolds,
  logNames,
  mined,
  ONE_SHARE,
  requestRedeem,
  returnFromStrategy,
  revertName,
  revertOf,
  STATUS,
  toAssets,
  USDC,
  v3,
  vaultState,
  ZeroAddress,
} from './helpers';

const v = useDevnetVault(undefined, { contractVersion: 'svc-vault-v3' });

afterEach(() => expectProofHolds(v));

/** alice and frank redeem, bob and erin are other controllers, carol operates for alice, dave is a stranger. */
function people(): Record<
  'alice' | 'bob' | 'carol' | 'dave' | 'erin' | 'frank' | 'gina' | 'henry',
  HDNodeWallet
> {
  const [alice, bob, carol, dave, erin, frank, gina, henry] = v.wallets;
  return {
    alice: alice!,
    bob: bob!,
    carol: carol!,
    dave: dave!,
    erin: erin!,
    frank: frank!,
    gina: gina!,
    henry: henry!,
  };
}

async function blockTime(blockNumber: number): Promise<bigint> {
  return BigInt((await v.provider.getBlock(blockNumber))!.timestamp);
}

async function fulfil(requestId: bigint): Promise<bigint> {
  const receipt = await mined(v3(v, v.keeper).vault.fulfillRedeem(requestId));
  return eventArgs(v, receipt, 'RedeemFulfilled').assets as bigint;
}

const ids: Record<string, bigint> = {};

beforeAll(async () => {
  const { alice, bob, frank } = people();
  await deposit(v, alice, 10_000n * USDC);
  await deposit(v, bob, 10_000n * USDC);
  await deposit(v, frank, 10_000n * USDC);
});

describe('requestRedeem', () => {
  it('moves the owner’s shares into the vault under a new request id and emits RedeemRequest', async () => {
    const { alice, bob } = people();
    const { vault } = v3(v, alice);
    const balance = await vault.balanceOf(alice.address);
    const shares = balance / 2n;
    expect(await vault.requestRedeem.staticCall(shares, alice.address, alice.address)).toBe(1n);
    const receipt = await mined(vault.requestRedeem(shares, alice.address, alice.address));
    expect(logNames(v, receipt)).toEqual(['Transfer', 'RedeemRequest']);
    expect(eventArgs(v, receipt, 'Transfer')).toEqual({
      from: alice.address,
      to: v.deployment.contracts.vault,
      value: shares,
    });
    expect(eventArgs(v, receipt, 'RedeemRequest')).toEqual({
      controller: alice.address,
      owner: alice.address,
      requestId: 1n,
      sender: alice.address,
      shares,
    });
    ids.first = 1n;
    const r = await vault.getRedemption(1n);
    expect((r as unknown as Result).toObject()).toEqual({
      controller: alice.address,
      owner: alice.address,
      shares,
      assets: 0n,
      status: STATUS.Pending,
      requestedAt: await blockTime(receipt.blockNumber),
      fulfilledAt: 0n,
    });
    expect(await vault.balanceOf(alice.address)).toBe(balance - shares);
    expect(await vault.escrowedShares()).toBe(shares);
    expect(await vault.nextRedemptionId()).toBe(2n);
    // ERC-7540 views: pending for its controller only, nothing claimable yet.
    expect(await vault.pendingRedeemRequest(1n, alice.address)).toBe(shares);
    expect(await vault.pendingRedeemRequest(1n, bob.address)).toBe(0n);
    expect(await vault.claimableRedeemRequest(1n, alice.address)).toBe(0n);
    expect(await vault.maxRedeem(alice.address)).toBe(0n);
    expect(await vault.maxWithdraw(alice.address)).toBe(0n);
    // Requested shares are no longer the owner's position.
    expect(await vault.shareValueOf(alice.address)).toBe(await vault.convertToAssets(balance - shares));
  });

  it('may name another controller: the request is the controller’s, not the owner’s', async () => {
    const { alice, bob } = people();
    const { vault } = v3(v, alice);
    const shares = 1_000n * ONE_SHARE;
    ids.forBob = await requestRedeem(v, alice, shares, bob.address);
    const r = await vault.getRedemption(ids.forBob);
    expect([r.controller, r.owner, r.shares, r.status]).toEqual([
      bob.address,
      alice.address,
      shares,
      STATUS.Pending,
    ]);
    expect(await vault.pendingRedeemRequest(ids.forBob, bob.address)).toBe(shares);
    expect(await vault.pendingRedeemRequest(ids.forBob, alice.address)).toBe(0n);
  });

  it('reverts on zero shares, a zero controller, or more shares than the owner holds', async () => {
    const { alice } = people();
    const { vault } = v3(v, alice);
    const balance = await vault.balanceOf(alice.address);
    expect(await revertName(vault.requestRedeem(0n, alice.address, alice.address))).toBe('ZeroAmount');
    expect(await revertName(vault.requestRedeem(1n, ZeroAddress, alice.address))).toBe('ZeroAddress');
    expect(await revertOf(vault.requestRedeem(balance + 1n, alice.address, alice.address))).toEqual({
      name: 'InsufficientShares',
      args: [balance, balance + 1n],
    });
  });

  it('a third party requests with the owner’s share allowance, which the request spends', async () => {
    const { alice, erin } = people();
    const shares = 500n * ONE_SHARE;
    const asErin = v3(v, erin).vault;
    expect(await revertOf(asErin.requestRedeem(shares, erin.address, alice.address))).toEqual({
      name: 'ERC20InsufficientAllowance',
      args: [erin.address, 0n, shares],
    });
    const asAlice = v3(v, alice).vault;
    await mined(asAlice.approve(erin.address, shares + 7n));
    const receipt = await mined(asErin.requestRedeem(shares, erin.address, alice.address));
    const event = eventArgs(v, receipt, 'RedeemRequest');
    ids.byAllowance = event.requestId as bigint;
    expect(event).toEqual({
      controller: erin.address,
      owner: alice.address,
      requestId: ids.byAllowance,
      sender: erin.address,
      shares,
    });
    expect(await asAlice.allowance(alice.address, erin.address)).toBe(7n);
    expect(await revertName(asErin.requestRedeem(8n, erin.address, alice.address))).toBe(
      'ERC20InsufficientAllowance',
    );
    // An allowance does not stretch a balance.
    const balance = await asAlice.balanceOf(alice.address);
    await mined(asAlice.approve(erin.address, balance + 1n));
    expect(await revertOf(asErin.requestRedeem(balance + 1n, erin.address, alice.address))).toEqual({
      name: 'InsufficientShares',
      args: [balance, balance + 1n],
    });
    await mined(asAlice.approve(erin.address, 0n));
  });

  it('an operator requests for the owner without any allowance; setOperator emits OperatorSet', async () => {
    const { alice, carol } = people();
    const asAlice = v3(v, alice).vault;
    expect(await asAlice.setOperator.staticCall(carol.address, true)).toBe(true);
    const receipt = await mined(asAlice.setOperator(carol.address, true));
    expect(eventArgs(v, receipt, 'OperatorSet')).toEqual({
      controller: alice.address,
      operator: carol.address,
      approved: true,
    });
    expect(await asAlice.isOperator(alice.address, carol.address)).toBe(true);
    expect(await asAlice.isOperator(carol.address, alice.address)).toBe(false);
    const shares = 700n * ONE_SHARE;
    const asCarol = v3(v, carol).vault;
    const r = await mined(asCarol.requestRedeem(shares, alice.address, alice.address));
    const event = eventArgs(v, r, 'RedeemRequest');
    ids.byOperator = event.requestId as bigint;
    expect(event).toEqual({
      controller: alice.address,
      owner: alice.address,
      requestId: ids.byOperator,
      sender: carol.address,
      shares,
    });
    expect(await asAlice.allowance(alice.address, carol.address)).toBe(0n);
  });

  it('gives unique, increasing ids across senders and controllers', async () => {
    const { alice, bob, frank } = people();
    const next = await v3(v, alice).vault.nextRedemptionId();
    const got = [
      await requestRedeem(v, bob, 100n * ONE_SHARE),
      await requestRedeem(v, frank, 100n * ONE_SHARE),
      await requestRedeem(v, alice, 100n * ONE_SHARE),
    ];
    expect(got).toEqual([next, next + 1n, next + 2n]);
    expect(await v3(v, alice).vault.nextRedemptionId()).toBe(next + 3n);
    [ids.bobSmall, ids.frankSmall, ids.aliceSmall] = got as [bigint, bigint, bigint];
    // The views know nothing of ids never issued.
    expect(await v3(v, alice).vault.pendingRedeemRequest(next + 3n, ZeroAddress)).toBe(0n);
    expect(await v3(v, alice).vault.claimableRedeemRequest(0n, ZeroAddress)).toBe(0n);
    expect((await v3(v, alice).vault.getRedemption(next + 3n)).status).toBe(STATUS.None);
  });
});

describe('fulfillRedeem', () => {
  it('reverts for an unknown id and without vault liquidity', async () => {
    const { vault } = v3(v, people().dave);
    expect(await revertOf(vault.fulfillRedeem(999n))).toEqual({ name: 'RedemptionNotFound', args: [999n] });
    expect(await revertOf(vault.fulfillRedeem(0n))).toEqual({ name: 'RedemptionNotFound', args: [0n] });
    await drainToStrategy(v);
    const shares = (await vault.getRedemption(ids.first!)).shares;
    expect(await revertOf(vault.fulfillRedeem(ids.first!))).toEqual({
      name: 'InsufficientLiquidity',
      args: [await vault.convertToAssets(shares), 0n],
    });
  });

  it('is permissionless once liquidity is back: fixes the assets at the current price, burns the shares, reserves the USDC', async () => {
    await returnFromStrategy(v);
    const { alice, dave } = people();
    const { vault } = v3(v, dave);
    const id = ids.first!;
    const shares = (await vault.getRedemption(id)).shares;
    const s = await vaultState(v);
    const expected = toAssets(s, shares);
    expect(await vault.convertToAssets(shares)).toBe(expected);
    expect(expected).toBe(5_000n * USDC);
    const escrowBefore = await vault.escrowedShares();
    expect(await vault.fulfillRedeem.staticCall(id)).toBe(expected);
    const receipt = await mined(vault.fulfillRedeem(id));
    expect(logNames(v, receipt)).toEqual(['Transfer', 'AssetsReserved', 'RedeemFulfilled']);
    expect(eventArgs(v, receipt, 'Transfer')).toEqual({
      from: v.deployment.contracts.vault,
      to: ZeroAddress,
      value: shares,
    });
    expect(eventArgs(v, receipt, 'AssetsReserved')).toEqual({ shares, assets: expected });
    expect(eventArgs(v, receipt, 'RedeemFulfilled')).toEqual({
      requestId: id,
      controller: alice.address,
      shares,
      assets: expected,
    });
    const r = await vault.getRedemption(id);
    expect([r.status, r.assets, r.shares]).toEqual([STATUS.Claimable, expected, shares]);
    expect(r.fulfilledAt).toBe(await blockTime(receipt.blockNumber));
    expect(await vault.reservedAssets()).toBe(expected);
    expect(await vault.totalSupply()).toBe(s.supply - shares);
    expect(await vault.totalAssets()).toBe(s.totalAssets - expected);
    expect(await vault.escrowedShares()).toBe(escrowBefore - shares);
    expect(await vault.pendingRedeemRequest(id, alice.address)).toBe(0n);
    expect(await vault.claimableRedeemRequest(id, alice.address)).toBe(shares);
    expect(await vault.claimableRedeemRequest(id, dave.address)).toBe(0n);
    expect(await vault.maxRedeem(alice.address)).toBe(shares);
    expect(await vault.maxWithdraw(alice.address)).toBe(expected);
    expect(await revertOf(vault.fulfillRedeem(id))).toEqual({
      name: 'RedemptionNotPending',
      args: [id, STATUS.Claimable],
    });
  });

  it('reserved USDC is neither lent to the strategy nor paid out instantly', async () => {
    const { vault } = v3(v, v.keeper);
    const free = await vault.instantRedeemCapacity();
    expect(free).toBe((await vault.vaultUsdc()) - (await vault.reservedAssets()));
    expect(await revertOf(vault.allocateToStrategy(free + 1n))).toEqual({
      name: 'InsufficientLiquidity',
      args: [free + 1n, free],
    });
  });
});

describe('claimRedeem', () => {
  it('only the controller or its operator claims, only a claimable request, only to a real receiver', async () => {
    const { alice, bob, dave } = people();
    const asDave = v3(v, dave).vault;
    expect(await revertOf(asDave.claimRedeem(ids.first!, dave.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [ids.first!, dave.address],
    });
    // The owner of a request made for another controller cannot claim it.
    expect(await revertOf(v3(v, alice).vault.claimRedeem(ids.forBob!, alice.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [ids.forBob!, alice.address],
    });
    expect(await revertOf(v3(v, bob).vault.claimRedeem(ids.forBob!, bob.address))).toEqual({
      name: 'RedemptionNotClaimable',
      args: [ids.forBob!, STATUS.Pending],
    });
    expect(await revertOf(asDave.claimRedeem(999n, dave.address))).toEqual({
      name: 'RedemptionNotFound',
      args: [999n],
    });
    expect(await revertName(v3(v, alice).vault.claimRedeem(ids.first!, ZeroAddress))).toBe('ZeroAddress');
  });

  it('pays the reserved USDC to the receiver; RedeemClaimed is immediately followed by Withdraw', async () => {
    const { alice, gina } = people();
    const { vault, usdc } = v3(v, alice);
    const id = ids.first!;
    const r = await vault.getRedemption(id);
    const before = await usdc.balanceOf(gina.address);
    const reserved = await vault.reservedAssets();
    const supply = await vault.totalSupply();
    expect(await vault.claimRedeem.staticCall(id, gina.address)).toBe(r.assets);
    const receipt = await mined(vault.claimRedeem(id, gina.address));
    expect(logNames(v, receipt)).toEqual(['USDC.Transfer', 'ReservedPaid', 'RedeemClaimed', 'Withdraw']);
    expect(eventArgs(v, receipt, 'ReservedPaid')).toEqual({ receiver: gina.address, assets: r.assets });
    expect(eventArgs(v, receipt, 'RedeemClaimed')).toEqual({
      requestId: id,
      controller: alice.address,
      receiver: gina.address,
      shares: r.shares,
      assets: r.assets,
    });
    expect(eventArgs(v, receipt, 'Withdraw')).toEqual({
      sender: alice.address,
      receiver: gina.address,
      owner: alice.address,
      assets: r.assets,
      shares: r.shares,
    });
    expect(await usdc.balanceOf(gina.address)).toBe(before + r.assets);
    expect(await vault.reservedAssets()).toBe(reserved - r.assets);
    // The shares were burnt at fulfilment: a claim mints or burns nothing.
    expect(await vault.totalSupply()).toBe(supply);
    expect((await vault.getRedemption(id)).status).toBe(STATUS.Claimed);
    expect(await vault.claimableRedeemRequest(id, alice.address)).toBe(0n);
    expect(await vault.maxRedeem(alice.address)).toBe(0n);
    expect(await revertOf(vault.claimRedeem(id, gina.address))).toEqual({
      name: 'RedemptionNotClaimable',
      args: [id, STATUS.Claimed],
    });
    expect(await revertOf(vault.cancelRedeemRequest(id, alice.address))).toEqual({
      name: 'RedemptionNotPending',
      args: [id, STATUS.Claimed],
    });
    expect(await revertOf(vault.fulfillRedeem(id))).toEqual({
      name: 'RedemptionNotPending',
      args: [id, STATUS.Claimed],
    });
  });
});

describe('ERC-7540 claims: redeem(shares, receiver, controller) and withdraw(assets, receiver, controller)', () => {
  it('redeem: an operator claims the controller’s oldest claimable request, which must be exactly that many shares', async () => {
    const { alice, carol, dave, bob } = people();
    const id = ids.byOperator!;
    const assets = await fulfil(id);
    const { shares } = await v3(v, alice).vault.getRedemption(id);
    const asCarol = v3(v, carol);
    expect(await asCarol.vault.maxRedeem(alice.address)).toBe(shares);
    expect(await revertOf(v3(v, dave).vault.redeem(shares, dave.address, alice.address))).toEqual({
      name: 'NotOperator',
      args: [alice.address, dave.address],
    });
    expect(await revertOf(asCarol.vault.redeem(shares + 1n, carol.address, alice.address))).toEqual({
      name: 'NoClaimableRequest',
      args: [alice.address, shares + 1n],
    });
    expect(await revertOf(asCarol.vault.redeem(shares - 1n, carol.address, alice.address))).toEqual({
      name: 'NoClaimableRequest',
      args: [alice.address, shares - 1n],
    });
    // Nothing of bob's is claimable.
    expect(await revertOf(v3(v, bob).vault.redeem(shares, bob.address, bob.address))).toEqual({
      name: 'NoClaimableRequest',
      args: [bob.address, shares],
    });
    expect(await revertName(asCarol.vault.redeem(shares, ZeroAddress, alice.address))).toBe('ZeroAddress');

    const before = await asCarol.usdc.balanceOf(carol.address);
    expect(await asCarol.vault.redeem.staticCall(shares, carol.address, alice.address)).toBe(assets);
    const receipt = await mined(asCarol.vault.redeem(shares, carol.address, alice.address));
    expect(logNames(v, receipt)).toEqual(['USDC.Transfer', 'ReservedPaid', 'RedeemClaimed', 'Withdraw']);
    expect(eventArgs(v, receipt, 'RedeemClaimed')).toEqual({
      requestId: id,
      controller: alice.address,
      receiver: carol.address,
      shares,
      assets,
    });
    expect(eventArgs(v, receipt, 'Withdraw')).toEqual({
      sender: carol.address,
      receiver: carol.address,
      owner: alice.address,
      assets,
      shares,
    });
    expect(await asCarol.usdc.balanceOf(carol.address)).toBe(before + assets);
    expect((await asCarol.vault.getRedemption(id)).status).toBe(STATUS.Claimed);
    expect(await asCarol.vault.maxRedeem(alice.address)).toBe(0n);
    expect(await revertName(asCarol.vault.redeem(shares, carol.address, alice.address))).toBe(
      'NoClaimableRequest',
    );
  });

  it('withdraw: the controller claims by assets and gets the request’s shares back as the answer', async () => {
    const { erin, henry, dave } = people();
    const id = ids.byAllowance!;
    const assets = await fulfil(id);
    const { shares } = await v3(v, erin).vault.getRedemption(id);
    const asErin = v3(v, erin);
    expect(await asErin.vault.maxWithdraw(erin.address)).toBe(assets);
    expect(await revertOf(v3(v, dave).vault.withdraw(assets, dave.address, erin.address))).toEqual({
      name: 'NotOperator',
      args: [erin.address, dave.address],
    });
    expect(await revertOf(asErin.vault.withdraw(assets - 1n, erin.address, erin.address))).toEqual({
      name: 'NoClaimableRequest',
      args: [erin.address, assets - 1n],
    });
    expect(await revertName(asErin.vault.withdraw(assets, ZeroAddress, erin.address))).toBe('ZeroAddress');
    expect(await asErin.vault.withdraw.staticCall(assets, henry.address, erin.address)).toBe(shares);
    const before = await asErin.usdc.balanceOf(henry.address);
    const receipt = await mined(asErin.vault.withdraw(assets, henry.address, erin.address));
    expect(logNames(v, receipt)).toEqual(['USDC.Transfer', 'ReservedPaid', 'RedeemClaimed', 'Withdraw']);
    expect(eventArgs(v, receipt, 'Withdraw')).toEqual({
      sender: erin.address,
      receiver: henry.address,
      owner: erin.address,
      assets,
      shares,
    });
    expect(await asErin.usdc.balanceOf(henry.address)).toBe(before + assets);
    expect(await asErin.vault.maxWithdraw(erin.address)).toBe(0n);
    expect(await revertOf(asErin.vault.withdraw(assets, henry.address, erin.address))).toEqual({
      name: 'NoClaimableRequest',
      args: [erin.address, assets],
    });
  });

  it('maxRedeem and maxWithdraw follow the controller’s oldest claimable request, however fulfilments are ordered', async () => {
    const { frank } = people();
    const { vault } = v3(v, frank);
    // ids.frankSmall stays pending throughout: pending requests are skipped, not blocking.
    const r1 = await requestRedeem(v, frank, 1_000n * ONE_SHARE);
    const r2 = await requestRedeem(v, frank, 2_000n * ONE_SHARE);
    const r3 = await requestRedeem(v, frank, 3_000n * ONE_SHARE);
    const r4 = await requestRedeem(v, frank, 400n * ONE_SHARE);
    const r5 = await requestRedeem(v, frank, 500n * ONE_SHARE);
    const max = async () => [await vault.maxRedeem(frank.address), await vault.maxWithdraw(frank.address)];
    expect(await max()).toEqual([0n, 0n]);

    const a3 = await fulfil(r3);
    expect(await max()).toEqual([3_000n * ONE_SHARE, a3]);
    const a1 = await fulfil(r1);
    expect(await max()).toEqual([1_000n * ONE_SHARE, a1]);
    // A claim by amount must match the oldest claimable request.
    expect(await revertOf(vault.redeem(3_000n * ONE_SHARE, frank.address, frank.address))).toEqual({
      name: 'NoClaimableRequest',
      args: [frank.address, 3_000n * ONE_SHARE],
    });
    expect(await revertName(vault.withdraw(a3, frank.address, frank.address))).toBe('NoClaimableRequest');
    // A claim by id may take any claimable request.
    await mined(vault.claimRedeem(r3, frank.address));
    expect(await max()).toEqual([1_000n * ONE_SHARE, a1]);
    await mined(vault.redeem(1_000n * ONE_SHARE, frank.address, frank.address));
    // r2 is still pending.
    expect(await max()).toEqual([0n, 0n]);
    const a2 = await fulfil(r2);
    expect(await max()).toEqual([2_000n * ONE_SHARE, a2]);
    await mined(vault.withdraw(a2, frank.address, frank.address));
    // A cancelled request is skipped too.
    await mined(vault.cancelRedeemRequest(r4, frank.address));
    expect(await max()).toEqual([0n, 0n]);
    const a5 = await fulfil(r5);
    expect(await max()).toEqual([500n * ONE_SHARE, a5]);
    await mined(vault.redeem(500n * ONE_SHARE, frank.address, frank.address));
    expect(await max()).toEqual([0n, 0n]);
    expect(await vault.pendingRedeemRequest(ids.frankSmall!, frank.address)).toBe(100n * ONE_SHARE);
  });
});

describe('cancelRedeemRequest', () => {
  it('the controller cancels a pending request: the shares go straight back to the controller', async () => {
    const { alice, bob } = people();
    const id = ids.forBob!;
    const asBob = v3(v, bob).vault;
    const { shares } = await asBob.getRedemption(id);
    const bobBefore = await asBob.balanceOf(bob.address);
    const aliceBefore = await asBob.balanceOf(alice.address);
    const escrowBefore = await asBob.escrowedShares();
    const receipt = await mined(asBob.cancelRedeemRequest(id, bob.address));
    expect(logNames(v, receipt)).toEqual(['Transfer', 'CancelRedeemRequest', 'CancelRedeemClaim']);
    expect(eventArgs(v, receipt, 'Transfer')).toEqual({
      from: v.deployment.contracts.vault,
      to: bob.address,
      value: shares,
    });
    expect(eventArgs(v, receipt, 'CancelRedeemRequest')).toEqual({
      controller: bob.address,
      requestId: id,
      sender: bob.address,
    });
    expect(eventArgs(v, receipt, 'CancelRedeemClaim')).toEqual({
      controller: bob.address,
      receiver: bob.address,
      requestId: id,
      sender: bob.address,
      shares,
    });
    expect(await asBob.balanceOf(bob.address)).toBe(bobBefore + shares);
    expect(await asBob.balanceOf(alice.address)).toBe(aliceBefore);
    expect(await asBob.escrowedShares()).toBe(escrowBefore - shares);
    expect((await asBob.getRedemption(id)).status).toBe(STATUS.Cancelled);
    expect(await asBob.pendingRedeemRequest(id, bob.address)).toBe(0n);
    expect(await asBob.claimableRedeemRequest(id, bob.address)).toBe(0n);
    expect(await revertOf(asBob.fulfillRedeem(id))).toEqual({
      name: 'RedemptionNotPending',
      args: [id, STATUS.Cancelled],
    });
    expect(await revertOf(asBob.cancelRedeemRequest(id, bob.address))).toEqual({
      name: 'RedemptionNotPending',
      args: [id, STATUS.Cancelled],
    });
    expect(await revertOf(asBob.claimRedeem(id, bob.address))).toEqual({
      name: 'RedemptionNotClaimable',
      args: [id, STATUS.Cancelled],
    });
  });

  it('refuses strangers, the owner of another controller’s request, a wrong controller, and claimable requests', async () => {
    const { alice, bob, dave } = people();
    const id = await requestRedeem(v, alice, 10n * ONE_SHARE, bob.address);
    expect(await revertOf(v3(v, dave).vault.cancelRedeemRequest(id, bob.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [id, dave.address],
    });
    expect(await revertOf(v3(v, alice).vault.cancelRedeemRequest(id, bob.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [id, alice.address],
    });
    expect(await revertOf(v3(v, alice).vault.cancelRedeemRequest(id, alice.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [id, alice.address],
    });
    expect(await revertOf(v3(v, dave).vault.cancelRedeemRequest(id, dave.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [id, dave.address],
    });
    expect(await revertOf(v3(v, dave).vault.cancelRedeemRequest(999n, dave.address))).toEqual({
      name: 'RedemptionNotFound',
      args: [999n],
    });
    await fulfil(id);
    expect(await revertOf(v3(v, bob).vault.cancelRedeemRequest(id, bob.address))).toEqual({
      name: 'RedemptionNotPending',
      args: [id, STATUS.Claimable],
    });
    await mined(v3(v, bob).vault.claimRedeem(id, bob.address));
  });

  it('an operator cancels for the controller; the shares go to the controller', async () => {
    const { alice, carol } = people();
    const id = ids.aliceSmall!;
    const { shares } = await v3(v, alice).vault.getRedemption(id);
    const before = await v3(v, alice).vault.balanceOf(alice.address);
    const carolBefore = await v3(v, alice).vault.balanceOf(carol.address);
    const receipt = await mined(v3(v, carol).vault.cancelRedeemRequest(id, alice.address));
    expect(eventArgs(v, receipt, 'CancelRedeemRequest')).toEqual({
      controller: alice.address,
      requestId: id,
      sender: carol.address,
    });
    expect(eventArgs(v, receipt, 'CancelRedeemClaim')).toEqual({
      controller: alice.address,
      receiver: alice.address,
      requestId: id,
      sender: carol.address,
      shares,
    });
    expect(await v3(v, alice).vault.balanceOf(alice.address)).toBe(before + shares);
    expect(await v3(v, alice).vault.balanceOf(carol.address)).toBe(carolBefore);
  });
});

describe('instant redemptions', () => {
  it('pays convertToAssets from free vault USDC, burns the owner’s shares and emits only Withdraw', async () => {
    const { bob } = people();
    const { vault, usdc } = v3(v, bob);
    const shares = (await vault.balanceOf(bob.address)) / 10n;
    const assets = await vault.convertToAssets(shares);
    const before = await usdc.balanceOf(bob.address);
    const supply = await vault.totalSupply();
    expect(await vault.redeemInstant.staticCall(shares, bob.address, bob.address, assets)).toBe(assets);
    const receipt = await mined(vault.redeemInstant(shares, bob.address, bob.address, assets));
    expect(logNames(v, receipt)).toEqual(['Transfer', 'USDC.Transfer', 'Withdraw']);
    expect(eventArgs(v, receipt, 'Transfer')).toEqual({ from: bob.address, to: ZeroAddress, value: shares });
    expect(eventArgs(v, receipt, 'Withdraw')).toEqual({
      sender: bob.address,
      receiver: bob.address,
      owner: bob.address,
      assets,
      shares,
    });
    expect(await usdc.balanceOf(bob.address)).toBe(before + assets);
    expect(await vault.totalSupply()).toBe(supply - shares);
  });

  it('an operator redeems for the owner to any receiver; an allowance alone is not enough', async () => {
    const { alice, carol, dave, gina } = people();
    const asAlice = v3(v, alice);
    const shares = 10n * ONE_SHARE;
    const assets = await asAlice.vault.convertToAssets(shares);
    await mined(asAlice.vault.approve(dave.address, shares));
    expect(await revertOf(v3(v, dave).vault.redeemInstant(shares, dave.address, alice.address, 0n))).toEqual({
      name: 'NotOperator',
      args: [alice.address, dave.address],
    });
    await mined(asAlice.vault.approve(dave.address, 0n));
    const before = await asAlice.usdc.balanceOf(gina.address);
    const aliceShares = await asAlice.vault.balanceOf(alice.address);
    const receipt = await mined(
      v3(v, carol).vault.redeemInstant(shares, gina.address, alice.address, assets),
    );
    expect(eventArgs(v, receipt, 'Withdraw')).toEqual({
      sender: carol.address,
      receiver: gina.address,
      owner: alice.address,
      assets,
      shares,
    });
    expect(await asAlice.usdc.balanceOf(gina.address)).toBe(before + assets);
    expect(await asAlice.vault.balanceOf(alice.address)).toBe(aliceShares - shares);
  });

  it('reverts on a zero receiver, zero shares, dust worth nothing, more shares than held, and the slippage bound', async () => {
    const { bob } = people();
    const { vault } = v3(v, bob);
    const balance = await vault.balanceOf(bob.address);
    expect(await revertName(vault.redeemInstant(ONE_SHARE, ZeroAddress, bob.address, 0n))).toBe(
      'ZeroAddress',
    );
    expect(await revertName(vault.redeemInstant(0n, bob.address, bob.address, 0n))).toBe('ZeroAmount');
    // One share unit is worth less than one USDC unit: nothing to pay, so nothing is burnt.
    expect(await vault.convertToAssets(1n)).toBe(0n);
    expect(await revertName(vault.redeemInstant(1n, bob.address, bob.address, 0n))).toBe('ZeroAmount');
    expect(await revertOf(vault.redeemInstant(balance + 1n, bob.address, bob.address, 0n))).toEqual({
      name: 'InsufficientShares',
      args: [balance, balance + 1n],
    });
    const assets = await vault.convertToAssets(ONE_SHARE);
    expect(await revertOf(vault.redeemInstant(ONE_SHARE, bob.address, bob.address, assets + 1n))).toEqual({
      name: 'SlippageExceeded',
      args: [assets, assets + 1n],
    });
  });

  it('shares in a pending request cannot be redeemed instantly', async () => {
    const { frank } = people();
    const { vault } = v3(v, frank);
    const balance = await vault.balanceOf(frank.address);
    const id = await requestRedeem(v, frank, balance);
    expect(await vault.balanceOf(frank.address)).toBe(0n);
    expect(await revertOf(vault.redeemInstant(ONE_SHARE, frank.address, frank.address, 0n))).toEqual({
      name: 'InsufficientShares',
      args: [0n, ONE_SHARE],
    });
    expect(await vault.maxInstantWithdraw(frank.address)).toBe(0n);
    await mined(vault.cancelRedeemRequest(id, frank.address));
    expect(await vault.balanceOf(frank.address)).toBe(balance);
  });

  it('reverts beyond instant capacity, and maxInstantWithdraw says how much fits', async () => {
    const { bob } = people();
    const { vault } = v3(v, bob);
    expect(await vault.maxInstantWithdraw(bob.address)).toBe(await vault.shareValueOf(bob.address));
    await drainToStrategy(v);
    expect(await vault.maxInstantWithdraw(bob.address)).toBe(0n);
    const assets = await vault.convertToAssets(ONE_SHARE);
    expect(await revertOf(vault.redeemInstant(ONE_SHARE, bob.address, bob.address, 0n))).toEqual({
      name: 'InstantCapacityExceeded',
      args: [assets, 0n],
    });
    await returnFromStrategy(v, 100n * USDC);
    expect(await vault.maxInstantWithdraw(bob.address)).toBe(100n * USDC);
    await returnFromStrategy(v);
  });
});

describe('revoked operators', () => {
  it('can no longer request, claim, cancel or redeem for the controller', async () => {
    const { alice, carol } = people();
    const asAlice = v3(v, alice).vault;
    const receipt = await mined(asAlice.setOperator(carol.address, false));
    expect(eventArgs(v, receipt, 'OperatorSet')).toEqual({
      controller: alice.address,
      operator: carol.address,
      approved: false,
    });
    expect(await asAlice.isOperator(alice.address, carol.address)).toBe(false);
    const id = await requestRedeem(v, alice, 20n * ONE_SHARE);
    const asCarol = v3(v, carol).vault;
    expect(await revertName(asCarol.requestRedeem(ONE_SHARE, alice.address, alice.address))).toBe(
      'ERC20InsufficientAllowance',
    );
    expect(await revertOf(asCarol.cancelRedeemRequest(id, alice.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [id, carol.address],
    });
    await fulfil(id);
    expect(await revertOf(asCarol.claimRedeem(id, carol.address))).toEqual({
      name: 'NotRedemptionOwner',
      args: [id, carol.address],
    });
    expect(await revertOf(asCarol.redeem(20n * ONE_SHARE, carol.address, alice.address))).toEqual({
      name: 'NotOperator',
      args: [alice.address, carol.address],
    });
    expect(await revertOf(asCarol.redeemInstant(ONE_SHARE, carol.address, alice.address, 0n))).toEqual({
      name: 'NotOperator',
      args: [alice.address, carol.address],
    });
    await mined(asAlice.redeem(20n * ONE_SHARE, alice.address, alice.address));
  });
});
