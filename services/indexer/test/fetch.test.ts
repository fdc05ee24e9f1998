import { createRpcClient, vaultLayout, type BlockHeader } from '@yv/chain';
import { storedAddress } from '@yv/domain';
import { useDevnetVault } from '@yv/testkit';
import { createRangeFetcher, type FetchedRange } from '../src/fetch';
import { deposit, USDC } from './helpers';

const vault = useDevnetVault();

function fetcherOf(targetLogs: number) {
  const rpc = createRpcClient({ url: vault.rpcUrl });
  const layout = vaultLayout(vault.deployment);
  const addresses = layout.followedAddresses.map(storedAddress);
  const topics = layout.followedTopics;
  return { rpc, fetcher: createRangeFetcher({ rpc, addresses, topics, maxRange: 1_000, targetLogs }) };
}

let tip: bigint;
beforeAll(async () => {
  // Each deposit gives two followed logs (Deposit and the share mint's Transfer).
  for (let i = 0; i < 4; i++) tip = BigInt(await deposit(vault, vault.wallets[0]!, 10n * USDC));
});

test('ranges start at one block, double on sparse answers and shrink to the log target on dense ones', async () => {
  const { fetcher } = fetcherOf(2);
  const start = BigInt(vault.deployment.startBlock);
  const first = await fetcher.fetch(start, tip, tip);
  expect(first.to).toBe(start);
  let dense: FetchedRange | null = null;
  for (let from = first.to + 1n; !dense && from <= tip;) {
    const before = fetcher.range;
    const fetched = await fetcher.fetch(from, tip, tip);
    const width = Number(fetched.to - fetched.from + 1n);
    if (fetched.logs.length > 2) dense = fetched;
    else if (fetched.logs.length === 0) expect(fetcher.range).toBe(Math.min(1_000, before * 2));
    else expect(fetcher.range).toBe(Math.min(before * 2, Math.floor((width * 2) / fetched.logs.length)));
    from = fetched.to + 1n;
  }
  expect(dense).not.toBeNull();
  const width = Number(dense!.to - dense!.from + 1n);
  expect(fetcher.range).toBe(Math.max(1, Math.floor((width * 2) / dense!.logs.length)));
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
