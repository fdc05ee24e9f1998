// layouts: both
import { hexlify, randomBytes } from 'ethers';
import { Core__factory, MockUSDC__factory } from '@yv/contracts';
import { useDevnetVault } from '@yv/testkit';
import { createLatestBlock, createPositionReader, vaultDriver, vaultLayout } from '../src';
import { answerCallsLate, countingProvider } from './support/counting-provider';

const v = useDevnetVault();
const USDC = 10n ** 6n;

/**
 * A position reader over a counting provider whose eth_calls answer `lateMs` late (when given), with the head read
 * once a minute: the tests below count the calls of one block.
 */
function countingReader(options: { lateMs?: number; batchWindowMs?: number; maxInFlight?: number } = {}) {
  const { provider, ethCalls } = countingProvider(v.provider._getConnection().url);
  if (options.lateMs !== undefined) answerCallsLate(provider, options.lateMs);
  const reader = createPositionReader({
    provider,
    layout: vaultLayout(v.deployment),
    latestBlock: createLatestBlock(provider, 60_000),
    ...(options.batchWindowMs !== undefined ? { batchWindowMs: options.batchWindowMs } : {}),
    ...(options.maxInFlight !== undefined ? { maxInFlight: options.maxInFlight } : {}),
  });
  return { reader, ethCalls, provider };
}

it('reads a position that matches the contracts own views at the same block', async () => {
  const [alice] = v.wallets;
  const c = v.deployment.contracts;
  const layout = vaultLayout(v.deployment);
  const vault = vaultDriver(layout, alice!);
  await vault.approveDeposit(5_000n * USDC);
  await vault.deposit(3_000n * USDC);

  const reader = createPositionReader({
    provider: v.provider,
    layout,
    latestBlock: createLatestBlock(v.provider, 0),
  });
  const p = await reader.read(alice!.address);
  const at = { blockTag: p.blockNumber };
  const core = Core__factory.connect(c.core, v.provider);
  const usdc = MockUSDC__factory.connect(c.usdc, v.provider);
  const share = MockUSDC__factory.connect(c.share, v.provider);
  expect(p.usdcBalance).toBe(await usdc.balanceOf(alice!.address, at));
  expect(p.usdcBalance).toBe(1_000_000n * USDC - 3_000n * USDC);
  expect(p.shareBalance).toBe(await share.balanceOf(alice!.address, at));
  expect(p.shareValue).toBe(await core.convertToAssets(p.shareBalance, at));
  expect(p.shareValue).toBe(3_000n * USDC);
  expect(p.depositPipeAllowance).toBe(2_000n * USDC);
  expect(p.maxDeposit).toBe(await core.maxDeposit(alice!.address, at));
  expect(p.maxRedeem).toBe(p.shareBalance);
  const capacity = await core.instantRedeemCapacity(at);
  expect(p.maxWithdraw).toBe(p.shareValue < capacity ? p.shareValue : capacity);
  expect(p.nativeBalance).toBe(await v.provider.getBalance(alice!.address, p.blockNumber));
});

it('reads, for many wallets in one batch, what each wallet view answers on its own', async () => {
  const c = v.deployment.contracts;
  const layout = vaultLayout(v.deployment);
  await vaultDriver(layout, v.wallets[1]!).approveAndDeposit(700n * USDC);
  const wallets = [
    ...v.wallets.map((w) => w.address),
    ...Array.from({ length: 30 }, () => hexlify(randomBytes(20))),
  ];
  const reader = createPositionReader({
    provider: v.provider,
    layout,
    latestBlock: createLatestBlock(v.provider, 60_000),
    maxBatchWallets: 1_000,
  });
  const reads = await Promise.all(wallets.map((w) => reader.read(w)));
  const at = { blockTag: reads[0]!.blockNumber };
  const core = Core__factory.connect(c.core, v.provider);
  const usdc = MockUSDC__factory.connect(c.usdc, v.provider);
  const share = MockUSDC__factory.connect(c.share, v.provider);
  const capacity = await core.instantRedeemCapacity(at);
  for (const p of reads) {
    const shares = await share.balanceOf(p.wallet, at);
    const value = await core.convertToAssets(shares, at);
    expect(p).toEqual({
      wallet: p.wallet,
      blockNumber: at.blockTag,
      blockTimestamp: BigInt((await v.provider.getBlock(at.blockTag))!.timestamp),
      usdcBalance: await usdc.balanceOf(p.wallet, at),
      shareBalance: shares,
      depositPipeAllowance: await usdc.allowance(p.wallet, layout.depositSpender, at),
      maxDeposit: await core.maxDeposit(p.wallet, at),
      maxRedeem: shares,
      maxWithdraw: value < capacity ? value : capacity,
      nativeBalance: await v.provider.getBalance(p.wallet, at.blockTag),
      shareValue: value,
    });
  }
  expect(reads.some((p) => p.shareBalance > 0n && p.depositPipeAllowance > 0n)).toBe(true);
});

it('answers concurrent requests at one block with one eth_call, shared per wallet and batched across wallets', async () => {
  const { reader, ethCalls, provider } = countingReader();
  const wallets = v.wallets.map((w) => w.address);
  const reads = await Promise.all([...wallets, ...wallets, ...wallets].map((w) => reader.read(w)));
  expect(new Set(reads.map((r) => r.blockNumber)).size).toBe(1);
  expect(ethCalls()).toBe(1);
  expect(reads[0]).toBe(reads[wallets.length]);
  // A different wallet casing is the same wallet.
  expect(await reader.read(wallets[0]!.toLowerCase())).toBe(reads[0]);
  expect(ethCalls()).toBe(1);
  provider.destroy();
});

it('reads the wallets waiting for a call at the newest block any of them was asked at, in one call', async () => {
  const { provider, ethCalls } = countingProvider(v.provider._getConnection().url);
  // Every eth_call answers 300 ms late, so wallets asked meanwhile wait for the next call.
  answerCallsLate(provider, 300);
  let head = await v.provider.getBlockNumber();
  const reader = createPositionReader({
    provider,
    layout: vaultLayout(v.deployment),
    latestBlock: async () => head,
    batchWindowMs: 5,
    maxInFlight: 1,
  });
  const [first, second, third, fourth] = v.wallets.map((w) => w.address);
  const inFlight = reader.read(first!);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ethCalls()).toBe(1);
  const waitingAtOld = [reader.read(second!), reader.read(third!)];
  await v.provider.send('evm_mine', []);
  head += 1;
  const askedAtNew = reader.read(fourth!);
  const reads = await Promise.all([inFlight, ...waitingAtOld, askedAtNew]);
  expect(ethCalls()).toBe(2);
  expect(reads.map((r) => r.blockNumber)).toEqual([head - 1, head, head, head]);
  provider.destroy();
});

it('holds the wallets that waited for a call for one window after it answers, for the answered to join them', async () => {
  const { reader, ethCalls, provider } = countingReader({ lateMs: 300, batchWindowMs: 100, maxInFlight: 1 });
  const [first, waiting, askedAfter] = v.wallets.map((w) => w.address);
  const answered = reader.read(first!);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const waited = reader.read(waiting!);
  await answered;
  // As a user shown the first answer asks again: within the window that answer opened.
  const joined = reader.read(askedAfter!);
  const [a, b] = await Promise.all([waited, joined]);
  expect(ethCalls()).toBe(2);
  expect(a.blockNumber).toBe(b.blockNumber);
  provider.destroy();
});

it('reads a batch while another is out, and holds the wallets asked while two are out for the next call', async () => {
  const { reader, ethCalls, provider } = countingReader({ lateMs: 300 });
  const [first, second, third, fourth] = v.wallets.map((w) => w.address);
  const one = reader.read(first!);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const two = reader.read(second!);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The first call answers 300 ms after it left: the second wallet did not wait for it.
  expect(ethCalls()).toBe(2);
  const waiting = [reader.read(third!), reader.read(fourth!)];
  await Promise.all([one, two, ...waiting]);
  expect(ethCalls()).toBe(3);
  provider.destroy();
});

it('on a slow node holds a batch for a share of its round trip, so a wallet asked just past the default window joins it', async () => {
  const { reader, ethCalls, provider } = countingReader({ lateMs: 200 });
  const [first, second, third] = v.wallets.map((w) => w.address);
  // The first call's round trip (over 200 ms) widens the window from 10 ms to 50 ms.
  await reader.read(first!);
  const early = reader.read(second!);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const late = reader.read(third!);
  const [a, b] = await Promise.all([early, late]);
  expect(ethCalls()).toBe(2);
  expect(a.blockNumber).toBe(b.blockNumber);
  provider.destroy();
});
