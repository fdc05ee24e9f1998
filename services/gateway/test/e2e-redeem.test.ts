// layouts: both
import type { HDNodeWallet } from 'ethers';
import { MockUSDC__factory } from '@yv/contracts';
import { createKeeperSimulator } from '@yv/devnet';
import { useTestGateway } from './support/gateway';
import { depositThroughGateway, redeemAsyncThroughGateway, signSubmitAndSettle } from './support/flows';
import { createTestPartner, partnerClient, type PartnerClient } from './support/partner';
import { onChainRedemption, requestedRedemptionId, shareToken } from './support/vault';

/**
 * The spec's withdrawal lifecycle through the gateway as main.ts builds it: queued redemption, cancel, instant
 * redemption, and a claim once the keeper fulfilled the redemption. Each final transaction is signed with ethers,
 * its receipt checked against the redemption entry from the action's metadata (RedemptionPipe on v2, the vault on
 * v3), submitted and polled. Redemptions are read through the deployment's layout.
 */
const gw = useTestGateway();
const USDC = 10n ** 6n;
/** Redemption statuses as the layout names the on-chain enum. */
const PENDING = 'pending';
const CLAIMABLE = 'claimable';
const CLAIMED = 'claimed';
const CANCELLED = 'cancelled';
let partner: PartnerClient;
let owner: HDNodeWallet;
let held: bigint;

beforeAll(async () => {
  partner = partnerClient(gw.app, (await createTestPartner(gw.pool)).apiKey);
  owner = gw.vault.wallets[0]!;
  held = await depositThroughGateway(partner, gw.vault.deployment, owner, 20_000n * USDC);
});

const redemption = (id: bigint | string) => onChainRedemption(gw.vault.provider, gw.vault.deployment, id);
const shares = () => shareToken(gw.vault.deployment, gw.vault.provider);
const usdc = () => MockUSDC__factory.connect(gw.vault.deployment.contracts.usdc, gw.vault.provider);

it('redeem-async: escrows the quoted shares in a pending redemption', async () => {
  const sharesRaw = held / 10n;
  const action = await partner.created('redeem-async', {
    sharesRaw: sharesRaw.toString(),
    account: owner.address,
    slippageBps: 50,
  });
  expect(action).toMatchObject({ action: 'redeem_async', status: 'created' });
  expect(action.steps.map((s) => s.kind)).toEqual(['redeem_async']);
  const before = await shares().balanceOf(owner.address);
  const { receipt, settled } = await signSubmitAndSettle(
    partner,
    owner,
    action,
    action.metadata.addresses.redemptionPipe,
  );
  expect(settled).toMatchObject({ status: 'confirmed', receiptBlockNumber: String(receipt.blockNumber) });
  expect(before - (await shares().balanceOf(owner.address))).toBe(sharesRaw);
  const requested = await redemption(requestedRedemptionId(gw.vault.deployment, receipt));
  expect([requested.status, requested.shares, requested.owner]).toEqual([PENDING, sharesRaw, owner.address]);
});

it('cancel: returns the shares of a pending redemption', async () => {
  const id = await redeemAsyncThroughGateway(partner, gw.vault.deployment, owner, 1_000n);
  const action = await partner.created('cancel', { id, account: owner.address });
  expect(action).toMatchObject({ action: 'cancel_redeem', redeemId: id });
  expect(action.quote.expected.shares!.raw).toBe('1000');
  const before = await shares().balanceOf(owner.address);
  const { settled } = await signSubmitAndSettle(
    partner,
    owner,
    action,
    action.metadata.addresses.redemptionPipe,
  );
  expect(settled.status).toBe('confirmed');
  expect((await redemption(id)).status).toBe(CANCELLED);
  expect((await shares().balanceOf(owner.address)) - before).toBe(1_000n);
});

it('redeem-instant: pays at least minAssetsOut to the account', async () => {
  const sharesRaw = held / 20n;
  const action = await partner.created('redeem-instant', {
    sharesRaw: sharesRaw.toString(),
    account: owner.address,
    slippageBps: 50,
  });
  expect(action).toMatchObject({ action: 'redeem_instant', receiver: owner.address });
  const before = await usdc().balanceOf(owner.address);
  const { settled } = await signSubmitAndSettle(
    partner,
    owner,
    action,
    action.metadata.addresses.redemptionPipe,
  );
  expect(settled.status).toBe('confirmed');
  const received = (await usdc().balanceOf(owner.address)) - before;
  expect(received >= BigInt(action.quote.expected.minAssetsOut!.raw)).toBe(true);
});

it('claim: once the keeper fulfilled the redemption, pays its assets to the receiver', async () => {
  const id = await redeemAsyncThroughGateway(partner, gw.vault.deployment, owner, held / 20n);
  const receiver = gw.vault.wallets[1]!.address;
  const keeper = createKeeperSimulator({ keeper: gw.vault.keeper, deployment: gw.vault.deployment });
  const heartbeat = await keeper.tick();
  expect(heartbeat).toMatchObject({ ok: true });
  expect(heartbeat.actions.fulfilled).toContain(id);
  const fulfilled = await redemption(id);
  expect(fulfilled.status).toBe(CLAIMABLE);

  const action = await partner.created('claim', { id, account: owner.address, receiver });
  expect(action).toMatchObject({ action: 'claim_redeem', redeemId: id, receiver });
  expect(action.quote.expected.assets!.raw).toBe(fulfilled.assets.toString());
  const before = await usdc().balanceOf(receiver);
  const { settled } = await signSubmitAndSettle(
    partner,
    owner,
    action,
    action.metadata.addresses.redemptionPipe,
  );
  expect(settled.status).toBe('confirmed');
  expect((await usdc().balanceOf(receiver)) - before).toBe(fulfilled.assets);
  expect((await redemption(id)).status).toBe(CLAIMED);
});

it('fulfill: anyone may send the permissionless fulfilment, and its hash is accepted from any sender', async () => {
  const id = await redeemAsyncThroughGateway(partner, gw.vault.deployment, owner, 1_000n);
  const action = await partner.created('fulfill', { id });
  expect(action).toMatchObject({ action: 'fulfill_redeem', redeemId: id });
  const { settled } = await signSubmitAndSettle(
    partner,
    gw.vault.wallets[2]!,
    action,
    action.metadata.addresses.redemptionPipe,
  );
  expect(settled.status).toBe('confirmed');
  const fulfilled = await redemption(id);
  expect([fulfilled.status, fulfilled.assets.toString()]).toEqual([
    CLAIMABLE,
    action.quote.expected.assets!.raw,
  ]);
});
