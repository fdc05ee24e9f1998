// layouts: both
import { getIndexerState, listActivityEvents, listRedemptions, listShareBalances } from '@yv/db';
import { useDevnetVault, useTestDatabase } from '@yv/testkit';
import { contractsOf, deposit, mined, onChainRedemption, syncTo, testIndexer, USDC } from './helpers';

const vault = useDevnetVault();
const db = useTestDatabase();

test('deposit, queued redeem (fulfil, claim, cancel), instant redeem and a transfer become activity, records and balances', async () => {
  const [alice, bob, carol] = vault.wallets;
  const a = alice!.address.toLowerCase();
  const b = bob!.address.toLowerCase();
  const c = carol!.address.toLowerCase();
  await deposit(vault, alice!, 1_000n * USDC);
  const asAlice = contractsOf(vault, alice!);
  const shares = await asAlice.share.balanceOf(alice!.address);
  const { id: claimedId } = await asAlice.vault.requestRedeem(shares / 4n);
  await contractsOf(vault, vault.keeper).vault.fulfillRedeem(claimedId);
  await asAlice.vault.claimRedeem(claimedId, carol!.address);
  const { id: cancelledId } = await asAlice.vault.requestRedeem(shares / 4n);
  expect(cancelledId).toBe(claimedId + 1n);
  await asAlice.vault.cancelRedeem(cancelledId);
  const { id: pendingId } = await asAlice.vault.requestRedeem(shares / 8n);
  expect(pendingId).toBe(cancelledId + 1n);
  await asAlice.vault.redeemInstant(shares / 8n);
  const last = await mined(asAlice.share.transfer(bob!.address, shares / 8n));

  const indexer = testIndexer(vault, db);
  await syncTo(indexer, db.pool, vault.deployment.chainId, last);

  const activity = (await listActivityEvents(db.pool, vault.deployment.chainId)).reverse();
  expect(activity.map((e) => e.type)).toEqual([
    'deposit',
    'redeem_requested',
    'redeem_fulfilled',
    'redeem_claimed',
    'redeem_requested',
    'redeem_cancelled',
    'redeem_requested',
    'redeem_instant',
    'transfer',
  ]);
  expect(activity.filter((e) => e.type !== 'transfer').every((e) => e.wallet === a)).toBe(true);
  const claim = activity.find((e) => e.type === 'redeem_claimed')!;
  expect(claim.receiver).toBe(c);
  expect(claim.redeemId).toBe(claimedId);
  const transfer = activity.at(-1)!;
  expect([transfer.wallet, transfer.receiver, transfer.sharesRaw]).toEqual([a, b, shares / 8n]);
  expect(
    (await listActivityEvents(db.pool, vault.deployment.chainId, { wallet: b })).map((e) => e.type),
  ).toEqual(['transfer']);

  const records = await listRedemptions(db.pool, vault.deployment.chainId, { wallet: a });
  expect(records.map((r) => [r.redeemId, r.status])).toEqual([
    [pendingId, 'pending'],
    [cancelledId, 'cancelled'],
    [claimedId, 'claimed'],
  ]);
  for (const record of records) {
    const onChain = await onChainRedemption(vault, record.redeemId);
    expect(record.status).toBe(onChain.status);
    expect(record.owner).toBe(onChain.owner.toLowerCase());
    expect(record.sharesRaw).toBe(onChain.shares);
    expect(record.assetsRaw ?? 0n).toBe(onChain.assets);
    expect(record.requestedAt.getTime() / 1000).toBe(Number(onChain.requestedAt));
  }
  expect(records[2]!.receiver).toBe(c);
  expect(records[2]!.claimedTxHash).toBe(claim.txHash);

  const balances = await listShareBalances(db.pool, vault.deployment.chainId);
  for (const holder of [alice!.address, bob!.address, vault.deployment.contracts.redemptionPipe]) {
    // the escrow of pending redemptions: the pipe on v2, the vault itself on v3 (the manifest's redemptionPipe)
    expect(balances.get(holder.toLowerCase()) ?? 0n).toBe(await asAlice.share.balanceOf(holder));
  }
  const state = await getIndexerState(db.pool, vault.deployment.chainId);
  expect(state!.lastEventBlock).toBe(BigInt(last));
  expect(state!.rpcHealthy).toBe(true);
});
