import { createRpcClient, vaultLayout, type BlockHeader, type RpcClient } from '@yv/chain';
import { storedAddress } from '@yv/domain';
import { sleep } from '@yv/runtime';
import { useDevnetVault } from '@yv/testkit';
import { createRangeFetcher, nextRangeWidth, RANGES_AHEAD } from '../src/fetch';
import { deposit, USDC } from './helpers';

const vault = useDevnetVault();

function fetcherOf(targetLogs: number, maxRange = 1_000) {
  const rpc = createRpcClient({ url: vault.rpcUrl });
  const layout = vaultLayout(vault.deployment);
  const addresses = layout.followedAddresses.map(storedAddress);
  const topics = layout.followedTopics;
  /** The first block of every log request the fetcher sent to the node, in order. */
  const asked: bigint[] = [];
  const recording: RpcClient = {
    ...rpc,
    getLogsAndBlocks: (filter, numbers) => {
      asked.push(filter.fromBlock);
      return rpc.getLogsAndBlocks(filter, numbers);
    },
  };
  return {
    rpc,
    asked,
    /** The fetcher's own log filter, to ask the node for a range's logs directly. */
    filter: { address: addresses, topic0: topics },
    fetcher: createRangeFetcher({
      rpc: recording,
      addresses,
      topics,
      maxRange,
      decodeLogs: layout.decodeLogs,
      targetLogs,
    }),
  };
}

const EMPTY_BLOCKS = 10;
let emptyFrom: bigint;
let tip: bigint;
const depositBlocks: bigint[] = [];
beforeAll(async () => {
  emptyFrom = BigInt(await vault.provider.getBlockNumber()) + 1n;
  // One evm_mine each: hardhat_mine's reserved blocks do not link (docs/design.md#chain-identity).
  for (let i = 0; i < EMPTY_BLOCKS; i++) await vault.provider.send('evm_mine', []);
  // Each deposit gives two followed logs (Deposit and the share mint's Transfer).
  for (let i = 0; i < 4; i++) depositBlocks.push(BigInt(await deposit(vault, vault.wallets[0]!, 10n * USDC)));
  tip = depositBlocks.at(-1)!;
});

test('ranges grow eightfold after logs and twofold after none, within the log target, maxRange and one block', () => {
  const limits = { targetLogs: 5_000, maxRange: 2_000 };
  expect(nextRangeWidth(8, { width: 8, logs: 0 }, limits)).toBe(16);
  expect(nextRangeWidth(8, { width: 8, logs: 40 }, limits)).toBe(64);
  // 100 logs a block: 50 blocks carry the target.
  expect(nextRangeWidth(8, { width: 8, logs: 800 }, limits)).toBe(50);
  expect(nextRangeWidth(1_500, { width: 1_500, logs: 10 }, limits)).toBe(2_000);
  expect(nextRangeWidth(1, { width: 1, logs: 50_000 }, limits)).toBe(1);
});

test('empty blocks are joined with the range after them, up to the first logs', async () => {
  const { rpc, filter, fetcher } = fetcherOf(2);
  const first = await fetcher.fetch(emptyFrom, tip, tip);
  expect(first.from).toBe(emptyFrom);
  expect(first.to).toBeGreaterThanOrEqual(emptyFrom + BigInt(EMPTY_BLOCKS));
  expect(first.logCount).toBeGreaterThan(0);
  const raw = await rpc.getLogs({ fromBlock: first.from, toBlock: first.to, ...filter });
  expect(first.logCount).toBe(raw.length);
  expect(first.decoded.map((l) => l.txHash)).toEqual(raw.map((l) => l.transactionHash.toLowerCase()));
  for (const log of first.decoded) expect(first.headers.get(log.blockNumber)?.hash).toBe(log.blockHash);
});

test('a run of empty blocks is joined into one range of at most maxRange blocks', async () => {
  const { fetcher } = fetcherOf(2, 3);
  const fetched = await fetcher.fetch(emptyFrom, tip, tip);
  // Widths 1 then 2, both empty: joined, and no wider than maxRange.
  expect([fetched.from, fetched.to]).toEqual([emptyFrom, emptyFrom + 2n]);
  expect(fetched.logCount).toBe(0);
  expect(fetched.decoded).toEqual([]);
  for (let n = fetched.from; n <= fetched.to; n++) expect(fetched.headers.get(n)?.number).toBe(n);
});

test('the ranges after the one asked for are fetched ahead, at most RANGES_AHEAD of them', async () => {
  const { fetcher } = fetcherOf(2);
  // Two logs a block and a target of two: every deposit block ends a range, and three ranges follow the first.
  const first = await fetcher.fetch(depositBlocks[0]!, tip, tip);
  expect(first.to).toBe(depositBlocks[0]);
  // The node answers the ranges ahead while nobody asks: they wait, and no more are fetched.
  await sleep(500);
  // As numbers: a failed match on bigints is not reported by jest's workers.
  const ahead = fetcher.ahead.map(Number);
  expect(ahead).toHaveLength(RANGES_AHEAD);
  expect(ahead[0]).toBe(Number(first.to + 1n));
  expect(ahead[1]).toBeGreaterThan(ahead[0]!);
});

test('a range fetched ahead is taken only from the same block with the header the caller checked', async () => {
  const { rpc, asked, fetcher } = fetcherOf(2);
  const headerOf = async (n: bigint) => ((await rpc.getBlocks([n])) as BlockHeader[])[0]!;
  const askedFrom = (n: bigint) => asked.filter((from) => from === n).length;
  const first = await fetcher.fetch(depositBlocks[0]!, tip, tip);

  // Taken: its logs were asked for once, ahead, and the range after it is fetched ahead in its place.
  const second = await fetcher.fetch(first.to + 1n, tip, tip, await headerOf(first.to + 1n));
  expect(second.from).toBe(first.to + 1n);
  expect(second.logCount).toBeGreaterThan(0);
  expect(askedFrom(second.from)).toBe(1);
  expect(fetcher.ahead.map(Number)[0]).toBe(Number(second.to + 1n));

  // The chain changed under it (another block at `from`): dropped and fetched again.
  const from = second.to + 1n;
  const stale = { ...(await headerOf(from)), hash: `0x${'ab'.repeat(32)}` };
  const refetched = await fetcher.fetch(from, tip, tip, stale);
  expect(refetched.from).toBe(from);
  expect(askedFrom(from)).toBe(2);

  // A cursor other than where the ranges ahead start: they are dropped, never handed out for the wrong range.
  const elsewhere = first.to;
  const askedBefore = askedFrom(elsewhere);
  const fresh = await fetcher.fetch(elsewhere, tip, tip, await headerOf(elsewhere));
  expect(fresh.from).toBe(elsewhere);
  expect(askedFrom(elsewhere)).toBe(askedBefore + 1);
});
