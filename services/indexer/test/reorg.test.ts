// layouts: both
import { getIndexerState, listActivityEvents, listRedemptions, listShareBalances } from '@yv/db';
import { usePrivateDevnetVault, useTestDatabase } from '@yv/testkit';
import { contractsOf, deposit, mined, syncTo, testIndexer, USDC } from './helpers';

// evm_revert rewinds the whole chain: this file gets a chain of its own so no other file's work is undone.
const vault = usePrivateDevnetVault();
const db = useTestDatabase();

test('a reorg with different transactions at the same heights leaves exactly the canonical chain rows', async () => {
  const [alice, bob, carol, dave] = vault.wallets;
  const chainId = vault.deployment.chainId;
  const indexer = testIndexer(vault, db, { confirmations: 64 });
  const before = await deposit(vault, alice!, 500n * USDC);
  await syncTo(indexer, db.pool, chainId, before);

  const snapshot = await vault.provider.send('evm_snapshot', []);
  await deposit(vault, bob!, 100n * USDC);
  const asAlice = contractsOf(vault, alice!);
  const orphanedTip = (await asAlice.vault.requestRedeem(10n ** 12n)).receipt.blockNumber;
  await syncTo(indexer, db.pool, chainId, orphanedTip);
  expect((await listRedemptions(db.pool, chainId)).length).toBe(1);
  const orphanedBlocks = new Set((await listActivityEvents(db.pool, chainId)).map((e) => e.blockHash));

  expect(await vault.provider.send('evm_revert', [snapshot])).toBe(true);
  await deposit(vault, carol!, 300n * USDC);
  const canonicalTip = await mined(asAlice.share.transfer(dave!.address, 10n ** 12n));
  const results = await syncTo(indexer, db.pool, chainId, canonicalTip);
  expect(results.some((r) => r.type === 'reorg')).toBe(true);

  const activity = (await listActivityEvents(db.pool, chainId)).reverse();
  expect(activity.map((e) => [e.type, e.wallet])).toEqual([
    ['deposit', alice!.address.toLowerCase()],
    ['deposit', carol!.address.toLowerCase()],
    ['transfer', alice!.address.toLowerCase()],
  ]);
  for (const event of activity) {
    const block = await vault.provider.getBlock(Number(event.blockNumber));
    expect(event.blockHash).toBe(block!.hash);
  }
  expect(activity.slice(1).some((e) => orphanedBlocks.has(e.blockHash))).toBe(false);
  expect(await listRedemptions(db.pool, chainId)).toEqual([]);
  const balances = await listShareBalances(db.pool, chainId);
  expect(balances.has(bob!.address.toLowerCase())).toBe(false);
  for (const holder of [alice!, carol!, dave!])
    expect(balances.get(holder.address.toLowerCase())).toBe(await asAlice.share.balanceOf(holder.address));
  expect(await indexer.metrics.reorgs.get().then((m) => m.values[0]?.value)).toBeGreaterThanOrEqual(1);
});

test('a reorg deeper than CONFIRMATIONS halts the indexer loudly and it stays halted', async () => {
  const chainId = vault.deployment.chainId;
  const [alice] = vault.wallets;
  const snapshot = await vault.provider.send('evm_snapshot', []);
  const indexer = testIndexer(vault, db, { confirmations: 0 });
  const tip = await deposit(vault, alice!, 50n * USDC);
  await syncTo(indexer, db.pool, chainId, tip);
  await vault.provider.send('evm_revert', [snapshot]);
  await deposit(vault, alice!, 60n * USDC);
  let result = await indexer.runOnce();
  for (let i = 0; i < 20 && result.type !== 'halted'; i++) result = await indexer.runOnce();
  expect(result.type).toBe('halted');
  const state = await getIndexerState(db.pool, chainId);
  expect(state!.haltedReason).toMatch(/deeper than CONFIRMATIONS=0/);
  expect((await indexer.runOnce()).type).toBe('halted');
});
