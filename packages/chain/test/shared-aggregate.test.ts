// layouts: both
import { hexlify, randomBytes } from 'ethers';
import { MockUSDC__factory } from '@yv/contracts';
import { sleep } from '@yv/runtime';
import { freePort, useDevnetVault } from '@yv/testkit';
import {
  aggregateOn,
  createChainProvider,
  encodedView,
  multicallView,
  readQuoteState,
  sharedAggregate,
  vaultDriver,
  vaultLayout,
  readViewsAndChecks,
  ViewReverted,
  type ViewCall,
} from '../src';
import { answerCallsLate, answerCallsOnRelease, countingProvider } from './support/counting-provider';

const v = useDevnetVault();
const USDC = 10n ** 6n;

/** Counts the eth_calls reaching the devnet node, with their block tags. */
const counting = () => countingProvider(v.provider._getConnection().url);
/** Multicall3's getBlockNumber: a call that always succeeds. */
const blockNumberCall = () => encodedView(multicallView(v.deployment.contracts.multicall3, 'getBlockNumber'));

it('answers concurrent quote reads from one eth_call, each what its own eth_call answers at that block', async () => {
  const layout = vaultLayout(v.deployment);
  const [alice, bob] = v.wallets;
  await vaultDriver(layout, alice!).approveAndDeposit(1_234n * USDC);
  const stranger = hexlify(randomBytes(20));
  const requests = [
    { account: alice!.address, assets: 10n * USDC, shares: 7n * 10n ** 12n, depositCheck: true },
    { account: alice!.address, receiver: bob!.address, assets: 999_999n, shares: 1n },
    // A refused check is this read's own answer, not its neighbours' failure.
    { account: stranger, assets: 1n, depositCheck: true },
    { account: bob!.address, receiver: stranger, assets: 10n ** 30n, shares: 10n ** 30n, redeemId: 1n },
  ];
  const { provider, blockTags } = counting();
  const shared = sharedAggregate(provider, v.deployment.contracts.multicall3, { windowMs: 50 });
  try {
    const states = await Promise.all(requests.map((request) => readQuoteState(shared, layout, request)));
    expect(blockTags).toEqual(['latest']);
    const block = states[0]!.blockNumber;
    const own = aggregateOn(v.provider, v.deployment.contracts.multicall3);
    for (const [i, request] of requests.entries()) {
      expect(states[i]!.blockNumber).toBe(block);
      expect(states[i]).toEqual(await readQuoteState(own, layout, request, block));
    }
    expect(states[2]!.depositCheck).toMatchObject({ ok: false, revert: { name: 'BelowMinimumDeposit' } });
  } finally {
    provider.destroy();
  }
});

it('fails only the read whose view reverted, with ViewReverted; the others in its eth_call stand', async () => {
  const { provider, ethCalls } = counting();
  const c = v.deployment.contracts;
  const shared = sharedAggregate(provider, c.multicall3, { windowMs: 50 });
  const usdc = MockUSDC__factory.createInterface();
  // Multicall3 holds no allowance from anyone: this transfer reverts.
  const reverting: ViewCall = {
    target: c.usdc,
    iface: usdc,
    fn: 'transferFrom',
    args: [v.wallets[0]!.address, v.wallets[1]!.address, 1n],
  };
  const balance: ViewCall = { target: c.usdc, iface: usdc, fn: 'balanceOf', args: [v.wallets[0]!.address] };
  try {
    const [failed, fine] = await Promise.allSettled([
      readViewsAndChecks(shared, { reverting, balance }, [], 'latest'),
      readViewsAndChecks(
        shared,
        { balance, block: multicallView(c.multicall3, 'getBlockNumber') },
        [],
        'latest',
      ),
    ]);
    expect(ethCalls()).toBe(1);
    expect(failed).toMatchObject({ status: 'rejected', reason: expect.any(ViewReverted) });
    expect((failed as PromiseRejectedResult).reason.message).toBe('transferFrom reverted');
    expect(fine.status).toBe('fulfilled');
    const { views } = (fine as PromiseFulfilledResult<Awaited<ReturnType<typeof readViewsAndChecks>>>).value;
    expect(views.balance![0]).toBe(
      await MockUSDC__factory.connect(c.usdc, v.provider).balanceOf(v.wallets[0]!.address),
    );
  } finally {
    provider.destroy();
  }
});

it('shares an eth_call only at one block tag, and sends a batch at once when the next read would pass maxCalls', async () => {
  const { provider, blockTags } = counting();
  const c = v.deployment.contracts;
  const shared = sharedAggregate(provider, c.multicall3, { windowMs: 50, maxCalls: 3 });
  const blockNumber = blockNumberCall();
  const head = await v.provider.getBlockNumber();
  try {
    const answers = await Promise.all([
      shared([blockNumber, blockNumber], 'latest'),
      shared([blockNumber], head),
      shared([blockNumber], 'latest'),
      // 2 + 1 calls wait at `latest`: a third would pass maxCalls, so those two reads go now and this one waits.
      shared([blockNumber, blockNumber], 'latest'),
    ]);
    expect(blockTags).toEqual(['latest', `0x${head.toString(16)}`, 'latest']);
    expect(answers.map((each) => each.length)).toEqual([2, 1, 1, 2]);
    expect(answers.flat().every((each) => each.success)).toBe(true);
  } finally {
    provider.destroy();
  }
});

/**
 * Reads at `latest` on a node answering every eth_call 300 ms late, after a first read that measured it: one read,
 * then at +100 ms a second, at +200 ms a third (the first still out). Answers how many eth_calls they took.
 */
async function readsBehindOneOut(holdBehindMs: number): Promise<number> {
  const { provider, ethCalls } = counting();
  answerCallsLate(provider, 300);
  const shared = sharedAggregate(provider, v.deployment.contracts.multicall3, { windowMs: 5, holdBehindMs });
  const blockNumber = blockNumberCall();
  try {
    await shared([blockNumber], 'latest');
    const before = ethCalls();
    const reads = [shared([blockNumber], 'latest')];
    await sleep(100);
    reads.push(shared([blockNumber], 'latest'));
    await sleep(100);
    reads.push(shared([blockNumber, blockNumber], 'latest'));
    const answers = await Promise.all(reads);
    expect(answers.map((each) => each.length)).toEqual([1, 1, 2]);
    return ethCalls() - before;
  } finally {
    provider.destroy();
  }
}

it('on a near node holds a batch whose window ends while an eth_call is out, and sends it when that answers', async () => {
  // The window (a quarter of the 300 ms round trip, 50 ms at most) ends at +150 ms: the second read is held, and
  // the third joins it.
  expect(await readsBehindOneOut(1_000)).toBe(2);
});

it('on a far node sends a batch at its window’s end, widened to a share of the round trip', async () => {
  // Not held behind the first: the second leaves at +150 ms, the third at +250 ms.
  expect(await readsBehindOneOut(50)).toBe(3);
  const { provider, ethCalls } = counting();
  answerCallsLate(provider, 200);
  const shared = sharedAggregate(provider, v.deployment.contracts.multicall3, { windowMs: 5 });
  const blockNumber = blockNumberCall();
  try {
    await shared([blockNumber], 'latest');
    const early = shared([blockNumber], 'latest');
    await sleep(20);
    // Past the 5 ms window, within the 50 ms it widened to.
    await Promise.all([early, shared([blockNumber], 'latest')]);
    expect(ethCalls()).toBe(2);
  } finally {
    provider.destroy();
  }
});

it('a batch held behind an eth_call but sent early, full, leaves no hold for the next batch at its block tag', async () => {
  const { provider, ethCalls } = counting();
  const shared = sharedAggregate(provider, v.deployment.contracts.multicall3, {
    windowMs: 50,
    maxCalls: 3,
    holdBehindMs: 60_000,
  });
  const blockNumber = blockNumberCall();
  await shared([blockNumber], 'latest');
  const gate = answerCallsOnRelease(provider);
  try {
    const first = shared([blockNumber], 'latest');
    await sleep(100);
    // Its window ends while the first is out: held.
    const held = shared([blockNumber, blockNumber], 'latest');
    await sleep(100);
    // 2 + 2 calls would pass maxCalls: the held batch goes now, and this one opens the next.
    const next = shared([blockNumber, blockNumber], 'latest');
    gate.releaseNext();
    await first;
    // The first's answer sends nothing: the next batch is open until its window ends, so this read joins it.
    const joining = shared([blockNumber], 'latest');
    await sleep(100);
    gate.releaseAll();
    const answers = await Promise.all([held, next, joining]);
    expect(answers.map((each) => each.length)).toEqual([2, 2, 1]);
    expect(ethCalls()).toBe(1 + 3);
  } finally {
    provider.destroy();
  }
});

it('fails every read of a batch the node did not answer, as it would have failed each', async () => {
  const provider = createChainProvider({
    rpcUrl: `http://127.0.0.1:${await freePort()}`,
    chainId: 999,
    timeoutMs: 1_000,
  });
  const c = v.deployment.contracts;
  const shared = sharedAggregate(provider, c.multicall3, { windowMs: 20 });
  const blockNumber = blockNumberCall();
  try {
    const outcomes = await Promise.allSettled([
      shared([blockNumber], 'latest'),
      shared([blockNumber], 'latest'),
    ]);
    expect(outcomes.map((each) => each.status)).toEqual(['rejected', 'rejected']);
  } finally {
    provider.destroy();
  }
});

it('sends each read alone with no window', async () => {
  const { provider, blockTags } = counting();
  const c = v.deployment.contracts;
  const shared = sharedAggregate(provider, c.multicall3, { windowMs: 0 });
  const blockNumber = blockNumberCall();
  try {
    await Promise.all([shared([blockNumber], 'latest'), shared([blockNumber], 'latest')]);
    expect(blockTags).toEqual(['latest', 'latest']);
  } finally {
    provider.destroy();
  }
});
