// layouts: both
import { LogDecodeError, vaultLayout } from '@yv/chain';
import { storedAddress } from '@yv/domain';
import { usePrivateDevnetVault } from '@yv/testkit';
import { decodeRange } from '../src/decode';
import { deposit, rangeFetcherOf, USDC } from './helpers';

/**
 * Logs that carry their block's timestamp (ethereum/execution-apis#639; the devnet's EDR 0.12 adds none, so a client
 * wrapped around the devnet's adds the devnet's own). A chain of this file's own without interval mining: the
 * deposits' blocks, and so the fetcher's ranges, are the same on every run.
 */
const vault = usePrivateDevnetVault(undefined, { blockIntervalMs: 0 });
const depositBlocks: bigint[] = [];
beforeAll(async () => {
  for (let i = 0; i < 8; i++) depositBlocks.push(BigInt(await deposit(vault, vault.wallets[0]!, 10n * USDC)));
});

/**
 * Fetches every range from the block after the first deposit to the last, from a node that dates its logs or not.
 * @returns the ranges, the blocks whose headers the fetcher asked for on their own, and the ranges' activity rows.
 */
async function fetchSpan(nodeDatesLogs: boolean) {
  const asked: bigint[] = [];
  const { rpc, fetcher } = rangeFetcherOf(vault, 10_000, 1_000, {
    rpc: (real) => ({
      ...real,
      getLogsAndBlocks: async (filter, numbers) => {
        const answer = await real.getLogsAndBlocks(filter, numbers);
        if (!nodeDatesLogs) return answer;
        const headers = await real.getBlocks(answer.logs.map((log) => BigInt(log.blockNumber)));
        const logs = answer.logs.map((log, i) => ({
          ...log,
          blockTimestamp: `0x${headers[i]!.timestamp.toString(16)}`,
        }));
        return { ...answer, logs };
      },
      getBlocks: (numbers) => {
        asked.push(...numbers);
        return real.getBlocks(numbers);
      },
    }),
  });
  const tip = depositBlocks.at(-1)!;
  const ranges = [];
  for (let from = depositBlocks[0]! + 1n; from <= tip;) {
    const fetched = await fetcher.fetch(from, tip, tip);
    ranges.push(fetched);
    from = fetched.to + 1n;
  }
  rpc.close();
  const ctx = {
    chainId: vault.deployment.chainId,
    shareToken: storedAddress(vault.deployment.contracts.share),
    redemptionPipe: storedAddress(vaultLayout(vault.deployment).escrow),
  };
  const held = new Set(ranges.flatMap((r) => [...r.headers.keys()]));
  return {
    ranges,
    asked,
    held,
    activities: ranges.flatMap((fetched) => decodeRange(fetched, ctx).activities),
  };
}

test('a block whose logs the node dates is not asked for, and its rows get the same block time', async () => {
  const blocks = depositBlocks.slice(1);
  const { rpc } = rangeFetcherOf(vault, 10_000);
  const times = (await rpc.getBlocks(blocks)).map((h) => new Date(Number(h!.timestamp) * 1000));
  rpc.close();

  // Undated: a block with logs that is not one of a range's edges (which come with its logs) is asked for alone.
  const undated = await fetchSpan(false);
  expect(undated.asked.map(String)).not.toEqual([]);
  expect(undated.asked.every((n) => blocks.includes(n))).toBe(true);
  expect(blocks.every((n) => undated.held.has(n))).toBe(true);

  const dated = await fetchSpan(true);
  const span = (r: { from: bigint; to: bigint }) => `${r.from}-${r.to}`;
  expect(dated.ranges.map(span)).toEqual(undated.ranges.map(span));
  expect(dated.asked.map(String)).toEqual([]);
  expect(undated.asked.filter((n) => dated.held.has(n)).map(String)).toEqual([]);
  for (const log of dated.ranges.flatMap((r) => r.decoded))
    expect(new Date(Number(log.blockTimestamp) * 1000)).toEqual(times[blocks.indexOf(log.blockNumber)]);
  for (const { activities } of [undated, dated]) {
    expect(activities.map((a) => String(a.blockNumber))).toEqual(blocks.map(String));
    expect(activities.map((a) => a.blockTimestamp)).toEqual(times);
  }
});

test('a log dated with something other than a hex quantity fails to decode', async () => {
  const { rpc, filter } = rangeFetcherOf(vault, 10_000);
  const block = depositBlocks[0]!;
  const { logs } = await rpc.getLogsAndBlocks({ fromBlock: block, toBlock: block, ...filter }, []);
  rpc.close();
  const { decodeLogs } = vaultLayout(vault.deployment);
  expect(decodeLogs([{ ...logs[0]!, blockTimestamp: '0x6b0b06d1' }])[0]!.blockTimestamp).toBe(0x6b0b06d1n);
  expect(() => decodeLogs([{ ...logs[0]!, blockTimestamp: '2026-11-28' }])).toThrow(LogDecodeError);
});
