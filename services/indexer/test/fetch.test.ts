// layouts: both
import { LogDecodeError, RpcError, type BlockHeader } from '@yv/chain';
import { sleep } from '@yv/runtime';
import { useDevnetVault } from '@yv/testkit';
import { nextRangeWidth } from '../src/fetch';
import { deposit, rangeFetcherOf, USDC, type Faults } from './helpers';

const vault = useDevnetVault();

const fetcherOf = (targetLogs: number, maxRange = 1_000, faults: Faults = {}) =>
  rangeFetcherOf(vault, targetLogs, maxRange, faults);

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
  const { logs: raw } = await rpc.getLogsAndBlocks(
    { fromBlock: first.from, toBlock: first.to, ...filter },
    [],
  );
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

test('a prefetched range is taken only from the same block with the header the caller checked', async () => {
  const { rpc, fetcher } = fetcherOf(10_000);
  const from = BigInt(vault.deployment.startBlock);
  const [header] = (await rpc.getBlocks([from])) as BlockHeader[];

  const ahead = await fetcher.prefetch(from, tip, tip);
  expect(ahead).not.toBeNull();
  expect(await fetcher.fetch(from, tip, tip, header)).toBe(ahead);

  // The chain changed under the prefetch (another block at `from`): fetched again, not taken.
  const stale = await fetcher.prefetch(from, tip, tip);
  const refetched = await fetcher.fetch(from, tip, tip, { ...header!, hash: `0x${'ab'.repeat(32)}` });
  expect(stale).not.toBeNull();
  expect(refetched).not.toBe(stale);
  expect(refetched.from).toBe(from);

  // A prefetch from another block is dropped, never handed out for the wrong range.
  const elsewhere = await fetcher.prefetch(from + 1n, tip, tip);
  const fresh = await fetcher.fetch(from, tip, tip, header);
  expect(fresh).not.toBe(elsewhere);
  expect(fresh.from).toBe(from);
});

test('logs that fail to decode fail the fetch, and the header request failing after them is not left unhandled', async () => {
  const { rpc, fetcher } = fetcherOf(10_000, 1_000, {
    // The node refuses the headers a little after the logs came in: the decode has failed by then.
    rpc: (real) => ({
      ...real,
      getBlocks: async () => {
        await sleep(50);
        throw new RpcError('http', 'eth_getBlockByNumber: HTTP 502');
      },
    }),
    decodeLogs: () => {
      throw new LogDecodeError('a followed log with a malformed body');
    },
  });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await expect(fetcher.fetch(depositBlocks[0]!, tip, tip)).rejects.toThrow(LogDecodeError);
    await sleep(200);
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    rpc.close();
  }
});
