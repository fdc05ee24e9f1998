// layouts: both
import { getIndexerState } from '@yv/db';
import { testRpcUrl, usePrivateDevnetVault, useTestDatabase } from '@yv/testkit';
import { deposit, syncTo, testIndexer, USDC } from './helpers';

// A chain of this file's own: one test rewinds it, and it is the "indexed chain" the shared devnet is compared to.
const vault = usePrivateDevnetVault();
const db = useTestDatabase();

test('records the block it identifies the chain by, and halts naming both hashes when the node serves another chain', async () => {
  const chainId = vault.deployment.chainId;
  const tip = await deposit(vault, vault.wallets[0]!, 50n * USDC);
  await syncTo(testIndexer(vault, db), db.pool, chainId, tip);
  const anchor = (await getIndexerState(db.pool, chainId))!.anchor!;
  expect(anchor).toEqual({
    block: BigInt(vault.deployment.startBlock),
    hash: (await vault.provider.getBlock(vault.deployment.startBlock))!.hash,
  });

  // The same database, now fed by another node with the same chain id: the jest run's shared devnet.
  const other = testIndexer({ ...vault, rpcUrl: testRpcUrl() }, db);
  const result = await other.runOnce();
  expect(result.type).toBe('halted');
  const state = (await getIndexerState(db.pool, chainId))!;
  expect(state.haltedReason).toContain('the node serves another chain');
  expect(state.haltedReason).toContain(anchor.hash);
  expect(state.anchor).toEqual(anchor);
  expect((await other.runOnce()).type).toBe('halted');
});
