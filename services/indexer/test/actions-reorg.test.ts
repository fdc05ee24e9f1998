// layouts: both
import { vaultLayout } from '@yv/chain';
import { findPartnerActionById } from '@yv/db';
import { usePrivateDevnetVault, useTestDatabase } from '@yv/testkit';
import { contractsOf, mined, syncTo, testIndexer, USDC } from './helpers';
import { gatewayWrites, webhookStatuses } from './partner-actions';

// evm_revert rewinds the whole chain: a chain of this file's own.
const vault = usePrivateDevnetVault();
const db = useTestDatabase();

test('an action whose events a reorg within the depth orphans was never moved, and moves once its tx is final on the new chain', async () => {
  const [alice] = vault.wallets;
  const chainId = vault.deployment.chainId;
  const gateway = gatewayWrites(db.pool, vault);
  const partner = await gateway.partner();
  const indexer = testIndexer(vault, db, { confirmations: 20 });
  const asAlice = contractsOf(vault, alice!);
  await asAlice.vault.approveDeposit(1_000n * USDC);

  const snapshot = await vault.provider.send('evm_snapshot', []);
  const action = await gateway.create(partner, 'deposit', alice!.address);
  const signed = await alice!.signTransaction(
    await alice!.populateTransaction(
      vaultLayout(vault.deployment).calls.deposit(100n * USDC, alice!.address, 0n),
    ),
  );
  const orphaned = await vault.provider.broadcastTransaction(signed);
  await orphaned.wait();
  await gateway.confirm(await gateway.submit(action.id, orphaned.hash), orphaned.hash);
  await syncTo(indexer, db.pool, chainId, await vault.provider.getBlockNumber());
  expect((await findPartnerActionById(db.pool, action.id))!.status).toBe('confirmed');

  // The same transaction lands again at another height, after a different one: the action's tx is on both chains.
  await vault.provider.send('evm_revert', [snapshot]);
  const bob = contractsOf(vault, vault.wallets[1]!);
  await mined(bob.usdc.transfer(alice!.address, 1n));
  await (await vault.provider.broadcastTransaction(signed)).wait();
  for (let i = 0; i < 20; i++) await vault.provider.send('evm_mine', []);
  const results = await syncTo(indexer, db.pool, chainId, await vault.provider.getBlockNumber());
  expect(results.some((r) => r.type === 'reorg')).toBe(true);

  const moved = (await findPartnerActionById(db.pool, action.id))!;
  expect(moved.status).toBe('indexed');
  expect(await webhookStatuses(db.pool, action.id)).toEqual(['created', 'submitted', 'confirmed', 'indexed']);
});
