// layouts: both
import { AbiCoder, hexlify, randomBytes } from 'ethers';
import { Core__factory, MockUSDC__factory } from '@yv/contracts';
import { useDevnetVault } from '@yv/testkit';
import { aggregateOn, readQuoteState, vaultDriver, vaultLayout } from '../src';

const v = useDevnetVault();
const USDC = 10n ** 6n;
/** Each read its own eth_call (the shared eth_call of concurrent reads is shared-aggregate.test.ts'). */
const own = () => aggregateOn(v.provider, v.deployment.contracts.multicall3);

it('reads, through quoteOf, what each view answers on its own at the quote block', async () => {
  const c = v.deployment.contracts;
  const layout = vaultLayout(v.deployment);
  const [alice, bob] = v.wallets;
  await vaultDriver(layout, alice!).approveAndDeposit(1_234n * USDC);
  const core = Core__factory.connect(c.core, v.provider);
  const usdc = MockUSDC__factory.connect(c.usdc, v.provider);
  const share = MockUSDC__factory.connect(c.share, v.provider);
  const stranger = hexlify(randomBytes(20));
  const requests = [
    { account: alice!.address, assets: 10n * USDC, shares: 7n * 10n ** 12n },
    { account: alice!.address, receiver: bob!.address, assets: 999_999n, shares: 1n },
    { account: stranger, assets: 0n, shares: 0n },
    { account: bob!.address, receiver: stranger, assets: 10n ** 30n, shares: 10n ** 30n },
  ];
  for (const request of requests) {
    const q = await readQuoteState(own(), layout, request);
    const at = { blockTag: Number(q.blockNumber) };
    const receiver = request.receiver ?? request.account;
    expect(q).toMatchObject({
      usdcBalance: await usdc.balanceOf(request.account, at),
      shareBalance: await share.balanceOf(request.account, at),
      allowance: await usdc.allowance(request.account, layout.depositSpender, at),
      previewDeposit: await core.previewDeposit(request.assets, at),
      // svc-vault-v3's previewRedeem reverts (ERC-7540): the figure is convertToAssets on both layouts.
      previewRedeem: await core.convertToAssets(request.shares, at),
      minimumDeposit: await core.minimumDeposit(at),
      globalDepositRoom: await core.globalDepositRoom(at),
      userDepositRoom: await core.userDepositRoom(receiver, at),
      maxDeposit: await core.maxDeposit(receiver, at),
      depositsPaused: await core.depositsPaused(at),
      instantRedeemCapacity: await core.instantRedeemCapacity(at),
    });
  }
});

it('checks the deposit rules in the same read when asked: the shares, or the rule that refuses, at the quote block', async () => {
  const layout = vaultLayout(v.deployment);
  const core = Core__factory.connect(v.deployment.contracts.core, v.provider);
  const [alice] = v.wallets;
  const fits = await readQuoteState(own(), layout, {
    account: alice!.address,
    assets: 25n * USDC,
    depositCheck: true,
  });
  const at = { blockTag: Number(fits.blockNumber) };
  expect(fits.depositCheck).toEqual({
    ok: true,
    returnData: AbiCoder.defaultAbiCoder().encode(
      ['uint256'],
      [await core.checkDeposit(alice!.address, 25n * USDC, at)],
    ),
  });
  const tooSmall = await readQuoteState(own(), layout, {
    account: alice!.address,
    assets: 1n,
    depositCheck: true,
  });
  expect(tooSmall.depositCheck).toMatchObject({ ok: false, revert: { name: 'BelowMinimumDeposit' } });
  // A refused check is the check's answer: every other figure of the read is there.
  expect(tooSmall.previewDeposit).toBe(
    await core.previewDeposit(1n, { blockTag: Number(tooSmall.blockNumber) }),
  );
  expect((await readQuoteState(own(), layout, { account: alice!.address })).depositCheck).toBeNull();
});
