import { createRpcClient, type RpcClient } from '@yv/chain';
import { useDevnetVault } from '@yv/testkit';
import { createHeadReader } from '../src/follow/head';

const vault = useDevnetVault();

/** A head reader over the devnet, and the blocks of every head read it sent to the node. */
function headReaderOf() {
  const rpc = createRpcClient({ url: vault.rpcUrl });
  const reads: bigint[][] = [];
  const recording: RpcClient = {
    ...rpc,
    chainView: (numbers) => {
      reads.push([...numbers]);
      return rpc.chainView(numbers);
    },
  };
  return { reads, heads: createHeadReader(recording), close: () => rpc.close() };
}

test('a head read started ahead answers the step that asks for the same blocks, once', async () => {
  const { reads, heads, close } = headReaderOf();
  const start = BigInt(vault.deployment.startBlock);
  heads.readAhead([start + 1n, start]);
  const view = await heads.read([start + 1n, start]);
  expect(reads).toEqual([[start + 1n, start]]);
  expect(view.chainId).toBe(vault.deployment.chainId);
  expect(view.latest).toBeGreaterThanOrEqual(start + 1n);
  expect(view.blocks.map((b) => b?.number)).toEqual([start + 1n, start]);

  // Used once: the next read of the same blocks asks the node again.
  await heads.read([start + 1n, start]);
  expect(reads).toHaveLength(2);
  close();
});

test('a head read started ahead for other blocks is not used, and a block the node lacks is null', async () => {
  const { reads, heads, close } = headReaderOf();
  const start = BigInt(vault.deployment.startBlock);
  heads.readAhead([start + 1n, start]);
  const view = await heads.read([start + 2n, start]);
  expect(reads).toEqual([
    [start + 1n, start],
    [start + 2n, start],
  ]);
  expect(view.blocks[0]?.number).toBe(start + 2n);

  const beyond = view.latest + 1_000n;
  expect((await heads.read([beyond, start])).blocks[0]).toBeNull();
  close();
});
