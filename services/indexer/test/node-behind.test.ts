// layouts: both
import { getIndexerState } from '@yv/db';
import { indexerNodeBehindRule, type ReadinessInputs, type ReadinessThresholds } from '@yv/domain';
import { usePrivateDevnetVault, useTestDatabase } from '@yv/testkit';
import { deposit, syncTo, testIndexer, USDC } from './helpers';

// evm_revert takes the node's head below the cursor: a chain of this file's own.
const vault = usePrivateDevnetVault({}, { blockIntervalMs: 0 });
const db = useTestDatabase();

test('a node whose head is below the cursor is reported behind, with a lag below 0, until it passes the cursor', async () => {
  const chainId = vault.deployment.chainId;
  const [alice] = vault.wallets;
  const indexer = testIndexer(vault, db, { confirmations: 64 });
  const before = await deposit(vault, alice!, 50n * USDC);
  await syncTo(indexer, db.pool, chainId, before);
  const snapshot = await vault.provider.send('evm_snapshot', []);
  await vault.provider.send('hardhat_mine', ['0x2']);
  const ahead = await deposit(vault, alice!, 60n * USDC);
  await syncTo(indexer, db.pool, chainId, ahead);

  await vault.provider.send('evm_revert', [snapshot]);
  expect((await indexer.runOnce()).type).toBe('idle');
  const state = (await getIndexerState(db.pool, chainId))!;
  expect([state.cursorBlock, state.latestBlock, state.haltedReason]).toEqual([
    BigInt(ahead),
    BigInt(before),
    null,
  ]);
  const inputs = { indexer: state } as unknown as ReadinessInputs;
  expect(indexerNodeBehindRule(inputs, {} as ReadinessThresholds)).toBe('INDEXER_NODE_BEHIND');

  // The node passes the cursor on other blocks: the indexer rewinds to what it still shares, no halt.
  for (let i = 0; i < 6; i++) await vault.provider.send('evm_mine', []);
  const results = await syncTo(indexer, db.pool, chainId, ahead + 1);
  expect(results.some((r) => r.type === 'reorg')).toBe(true);
});
