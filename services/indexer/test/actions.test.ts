// layouts: both
import { findPartnerActionById, listOutboxEvents } from '@yv/db';
import { usePrivateDevnetVault, useTestDatabase } from '@yv/testkit';
import { contractsOf, onChainRedemption, syncTo, testIndexer, USDC } from './helpers';
import { gatewayWrites, redeemWebhooks, webhookStatuses } from './partner-actions';

// Blocks only when this file mines them: "not yet at the confirmation depth" must not race a block timer.
const vault = usePrivateDevnetVault({}, { blockIntervalMs: 0 });
const db = useTestDatabase();
const CONFIRMATIONS = 2;

/** Mines the confirmation depth's empty blocks on top, then lets the indexer catch up. */
async function settle(indexer: ReturnType<typeof testIndexer>): Promise<void> {
  for (let i = 0; i < CONFIRMATIONS; i++) await vault.provider.send('evm_mine', []);
  await syncTo(indexer, db.pool, vault.deployment.chainId, await vault.provider.getBlockNumber());
}

const hashOf = async (receipt: Promise<{ hash: string }>): Promise<string> => (await receipt).hash;

test('deposit → redeem-async → fulfil → claim drives the actions through every status, one webhook per move', async () => {
  const [alice] = vault.wallets;
  const gateway = gatewayWrites(db.pool, vault);
  const partner = await gateway.partner();
  const indexer = testIndexer(vault, db, { confirmations: CONFIRMATIONS });
  const asAlice = contractsOf(vault, alice!);
  const status = async (id: string) => (await findPartnerActionById(db.pool, id))!.status;

  // Deposit: approved on chain, then the deposit itself is submitted and confirmed.
  let deposit = await gateway.create(partner, 'deposit', alice!.address);
  await asAlice.vault.approveDeposit(1_000n * USDC);
  const depositTx = await hashOf(asAlice.vault.deposit(1_000n * USDC));
  deposit = await gateway.submit(deposit.id, depositTx);
  deposit = await gateway.confirm(deposit, depositTx);
  // Indexed but not yet at the confirmation depth: the action waits.
  await syncTo(indexer, db.pool, vault.deployment.chainId, await vault.provider.getBlockNumber());
  expect(await status(deposit.id)).toBe('confirmed');
  await settle(indexer);
  const indexed = (await findPartnerActionById(db.pool, deposit.id))!;
  expect([indexed.status, indexed.indexingPending, indexed.indexedAt]).toEqual([
    'indexed',
    false,
    expect.any(Date),
  ]);
  expect(await webhookStatuses(db.pool, deposit.id)).toEqual([
    'created',
    'submitted',
    'confirmed',
    'indexed',
  ]);

  // Queued redemption: indexed, then waiting for the keeper with the id its RedeemRequested gave.
  const shares = await asAlice.share.balanceOf(alice!.address);
  let redeem = await gateway.create(partner, 'redeem_async', alice!.address);
  const request = await asAlice.vault.requestRedeem(shares / 2n);
  const requestTx = request.receipt.hash;
  const redeemId = request.id;
  redeem = await gateway.confirm(await gateway.submit(redeem.id, requestTx), requestTx);
  await settle(indexer);
  const waiting = (await findPartnerActionById(db.pool, redeem.id))!;
  expect([waiting.status, waiting.redeemId, waiting.indexingPending]).toEqual([
    'waiting_for_keeper',
    redeemId.toString(),
    false,
  ]);

  await contractsOf(vault, vault.keeper).vault.fulfillRedeem(redeemId);
  await settle(indexer);
  expect(await status(redeem.id)).toBe('claimable');

  // The gateway confirms the claim only after its block is already indexed: the idle sweep still moves it.
  let claim = await gateway.create(partner, 'claim_redeem', alice!.address, redeemId);
  const claimTx = await hashOf(asAlice.vault.claimRedeem(redeemId));
  claim = await gateway.submit(claim.id, claimTx);
  await settle(indexer);
  expect(await status(claim.id)).toBe('submitted');
  expect(await status(redeem.id)).toBe('claimed');
  await gateway.confirm(claim, claimTx);
  await syncTo(indexer, db.pool, vault.deployment.chainId, await vault.provider.getBlockNumber());
  expect(await status(claim.id)).toBe('indexed');

  expect(await webhookStatuses(db.pool, redeem.id)).toEqual([
    'created',
    'submitted',
    'confirmed',
    'indexed',
    'waiting_for_keeper',
    'claimable',
    'claimed',
  ]);
  const records = await redeemWebhooks(db.pool, redeemId);
  expect(records.map((e) => e.partnerId)).toEqual([partner, partner, partner]);
  const payloads = records.map((e) => e.payload as Record<string, unknown>);
  expect(payloads.map((p) => p.status)).toEqual(['pending', 'claimable', 'claimed']);
  // The pending record is valued where its move was decided; the claimed one carries the fixed assets.
  expect(payloads[0]).toMatchObject({
    assetsEstimate: true,
    assets: { raw: expect.stringMatching(/^[1-9][0-9]*$/) },
  });
  expect(payloads[2]).toMatchObject({ assetsEstimate: false });
  const onChain = await onChainRedemption(vault, redeemId);
  expect(payloads[2]).toMatchObject({
    id: redeemId.toString(),
    owner: alice!.address.toLowerCase(),
    requestedTxHash: requestTx,
    claimedTxHash: claimTx,
    shares: { raw: (shares / 2n).toString(), decimals: expect.any(Number) },
    assets: { raw: onChain.assets.toString(), decimals: 6 },
  });

  // Replaying steps at the tip moves nothing twice.
  const before = (await listOutboxEvents(db.pool, 'action.updated', redeem.id)).length;
  for (let i = 0; i < 3; i++) await indexer.runOnce();
  expect(await listOutboxEvents(db.pool, 'action.updated', redeem.id)).toHaveLength(before);
});

test('a cancel of a waiting redemption moves its action to cancelled; a fulfil+claim seen at once still steps through claimable', async () => {
  const [, bob] = vault.wallets;
  const gateway = gatewayWrites(db.pool, vault);
  const partner = await gateway.partner();
  const indexer = testIndexer(vault, db, { confirmations: CONFIRMATIONS });
  const asBob = contractsOf(vault, bob!);
  await asBob.vault.approveAndDeposit(500n * USDC);
  const shares = await asBob.share.balanceOf(bob!.address);

  const queue = async () => {
    const row = await gateway.create(partner, 'redeem_async', bob!.address);
    const { receipt, id } = await asBob.vault.requestRedeem(shares / 4n);
    const tx = receipt.hash;
    return { row: await gateway.confirm(await gateway.submit(row.id, tx), tx), tx, id };
  };
  const toCancel = await queue();
  const cancelledId = toCancel.id;
  const toClaim = await queue();
  const claimedId = toClaim.id;
  expect(claimedId).toBe(cancelledId + 1n);
  await settle(indexer);
  expect((await findPartnerActionById(db.pool, toCancel.row.id))!.status).toBe('waiting_for_keeper');

  const cancel = await gateway.create(partner, 'cancel_redeem', bob!.address, cancelledId);
  const cancelTx = await hashOf(asBob.vault.cancelRedeem(cancelledId));
  await gateway.confirm(await gateway.submit(cancel.id, cancelTx), cancelTx);
  await contractsOf(vault, vault.keeper).vault.fulfillRedeem(claimedId);
  await asBob.vault.claimRedeem(claimedId);
  await settle(indexer);

  expect((await findPartnerActionById(db.pool, cancel.id))!.status).toBe('indexed');
  expect((await webhookStatuses(db.pool, toCancel.row.id)).slice(-2)).toEqual([
    'waiting_for_keeper',
    'cancelled',
  ]);
  expect(
    (await redeemWebhooks(db.pool, cancelledId)).map((e) => {
      const p = e.payload as { status: string; assets: { raw: string }; assetsEstimate: boolean };
      return [p.status, p.assetsEstimate, p.status === 'cancelled' ? p.assets.raw : 'valued'];
    }),
  ).toEqual([
    ['pending', true, 'valued'],
    ['cancelled', false, '0'],
  ]);
  expect((await webhookStatuses(db.pool, toClaim.row.id)).slice(-3)).toEqual([
    'waiting_for_keeper',
    'claimable',
    'claimed',
  ]);
  const claimed = (await redeemWebhooks(db.pool, claimedId)).map(
    (e) => e.payload as { status: string; claimedTxHash: string | null },
  );
  expect(claimed.map((p) => [p.status, p.claimedTxHash === null])).toEqual([
    ['pending', true],
    ['claimable', true],
    ['claimed', false],
  ]);
});
