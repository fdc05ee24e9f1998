// layouts: both
import { getIndexerState } from '@yv/db';
import { usePrivateDevnetVault, useTestDatabase } from '@yv/testkit';
import { deposit, syncTo, testIndexer, USDC } from './helpers';

// hardhat_mine serves the blocks it mines in one go with parent hash 0x00… from its third block to the one before its
// last (those link): a chain that does not link. Private chain, as those blocks stay in it.
const vault = usePrivateDevnetVault();
const db = useTestDatabase();

test('a chain whose blocks do not link halts the indexer with a reason that names them, instead of spinning', async () => {
  const chainId = vault.deployment.chainId;
  // Small ranges, so a range boundary falls inside the blocks that do not link.
  const indexer = testIndexer(vault, db, { confirmations: 0, maxBlockRange: 4 });
  const tip = await deposit(vault, vault.wallets[0]!, 50n * USDC);
  await syncTo(indexer, db.pool, chainId, tip);
  // Probed well inside the range: an interval block mined between this read and hardhat_mine shifts it by one.
  const base = await vault.provider.getBlockNumber();
  await vault.provider.send('hardhat_mine', ['0x40']);
  const unlinked = await vault.provider.send('eth_getBlockByNumber', [`0x${(base + 8).toString(16)}`, false]);
  expect(unlinked.parentHash).toBe(`0x${'0'.repeat(64)}`);

  const results = [];
  for (let i = 0; i < 20; i++) results.push(await indexer.runOnce());
  expect(results.map((r) => r.type)).toContain('halted');
  expect(results.filter((r) => r.type === 'reorg')).toEqual([]);
  const state = (await getIndexerState(db.pool, chainId))!;
  expect(state.haltedReason).toMatch(
    /^the node's block \d+ names parent 0x0+, not block \d+ .* does not link/,
  );
  expect(state.cursorBlock).toBeLessThan(BigInt(base + 0x40));
});
