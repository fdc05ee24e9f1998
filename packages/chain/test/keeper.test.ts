// layouts: both
import { Core__factory, MockUSDC__factory, NavSource__factory } from '@yv/contracts';
import { createKeeperSimulator, USDC, type KeeperHeartbeat } from '@yv/devnet';
import { useDevnetVault } from '@yv/testkit';
import { readViews, vaultDriver, vaultLayout } from '../src';

const v = useDevnetVault();
const YEAR = 365 * 24 * 3600;

async function mined(tx: Promise<{ wait(): Promise<unknown> }>) {
  await (await tx).wait();
}

function contracts(runner = v.wallets[0]!) {
  const c = v.deployment.contracts;
  return {
    // The accounting views and keeper calls have the same signatures on both layouts.
    core: Core__factory.connect(c.core, runner),
    vault: vaultDriver(vaultLayout(v.deployment), runner),
    usdc: MockUSDC__factory.connect(c.usdc, runner),
    nav: NavSource__factory.connect(c.navSource, runner),
  };
}

async function redemption(id: bigint) {
  const layout = vaultLayout(v.deployment);
  const { r } = await readViews(v.provider, v.deployment.contracts.multicall3, {
    r: layout.redemptionView(id),
  });
  return layout.toRedemption(id, r);
}

async function depositAndRequest(assets: bigint, redeemFraction: bigint): Promise<void> {
  const w = v.wallets[0]!;
  const { vault } = contracts(w);
  await vault.approveAndDeposit(assets);
  const shares = await MockUSDC__factory.connect(v.deployment.contracts.share, w).balanceOf(w.address);
  await vault.requestRedeem(shares / redeemFraction);
}

it('fulfils queued redemptions, keeps the buffer, moves the surplus out, accrues yield and reports NAV', async () => {
  await depositAndRequest(10_000n * USDC, 2n);
  let t = 1_800_000_000;
  const heartbeats: KeeperHeartbeat[] = [];
  const keeper = createKeeperSimulator({
    keeper: v.keeper,
    deployment: v.deployment,
    bufferBps: 2_000n,
    yieldAprBps: 1_000n,
    now: () => t,
    publishHeartbeat: async (h) => {
      heartbeats.push(h);
    },
  });

  const first = await keeper.tick();
  expect(first.ok).toBe(true);
  expect(first.actions.fulfilled).toEqual(['1']);
  expect((await redemption(1n)).status).toBe('claimable');
  // After fulfilment: total assets 5,000 USDC, buffer 20 % = 1,000, free 5,000 -> 4,000 moves to the strategy.
  expect(first.actions.allocatedToStrategy).toBe((4_000n * USDC).toString());
  expect(first.state.freeAssets).toBe((1_000n * USDC).toString());
  expect(first.state.pendingRedemptions).toBe(0);
  expect(await contracts().nav.reportedAt()).toBeGreaterThan(0n);

  t += YEAR;
  const second = await keeper.tick();
  // A year at 10 % APR on the 4,000 USDC in the strategy.
  expect(second.actions.yieldMinted).toBe((400n * USDC).toString());
  expect(BigInt(second.state.totalAssets)).toBe(5_400n * USDC);
  expect(heartbeats.map((h) => h.actions.fulfilled.length)).toEqual([1, 0]);
  expect(heartbeats[1]!.keeper).toBe(v.keeper.address);
  await keeper.stop();
});

it('pulls liquidity back from the strategy to fulfil a redemption the vault cannot cover', async () => {
  const { core } = contracts(v.keeper);
  const free = await core.instantRedeemCapacity();
  await mined(core.allocateToStrategy(free));
  const w = v.wallets[0]!;
  const shares = await MockUSDC__factory.connect(v.deployment.contracts.share, w).balanceOf(w.address);
  await contracts(w).vault.requestRedeem(shares);

  const keeper = createKeeperSimulator({ keeper: v.keeper, deployment: v.deployment, yieldAprBps: 0n });
  const beat = await keeper.tick();
  expect(beat.ok).toBe(true);
  expect(BigInt(beat.actions.returnedToVault)).toBeGreaterThan(0n);
  expect(beat.actions.fulfilled).toEqual(['2']);
  expect((await redemption(2n)).status).toBe('claimable');
});
