// layouts: both
import { MockUSDC__factory } from '@yv/contracts';
import { listOutboxEvents } from '@yv/db';
import { createActionWriter } from '@yv/actions';
import { failExpiredActions } from '../src/actions/expire';
import { useTestGateway } from './support/gateway';
import { shareBalance } from './support/flows';
import {
  createTestPartner,
  expectAction,
  expectError,
  partnerClient,
  type PartnerClient,
} from './support/partner';
import { depositAllowance, signAndSend, verifiedHash } from './support/signer';
import { layoutOf } from './support/vault';

/**
 * The spec's deposit sequence through the gateway as main.ts builds it (real quote service, Postgres, Redis,
 * receipt tracker), signed with ethers as a partner's user would.
 */
const gw = useTestGateway();
const USDC = 10n ** 6n;
let partner: PartnerClient;

beforeAll(async () => {
  partner = partnerClient(gw.app, (await createTestPartner(gw.pool)).apiKey);
});

const depositBody = (account: string, amountRaw: bigint) => ({
  amountRaw: amountRaw.toString(),
  account,
  receiver: account,
  slippageBps: 50,
});
const statusesOf = async (id: string) =>
  (await listOutboxEvents(gw.pool, 'action.updated', id)).map(
    (e) => (e.payload as { status: string }).status,
  );

describe('deposit with approval', () => {
  it('approval step, allowance check, fresh action, deposit, receipt check, submit, poll to confirmed', async () => {
    const wallet = gw.vault.wallets[0]!;
    const { usdc } = gw.vault.deployment.contracts;
    const layout = layoutOf(gw.vault.deployment);
    const amount = 2_500n * USDC;
    const body = depositBody(wallet.address, amount);

    const first = await partner.created('deposit', body);
    expect(first.status).toBe('created');
    expect(first.steps.map((s) => [s.kind, s.status, s.refreshQuoteAfterConfirm])).toEqual([
      ['approval', 'requires_signature', true],
      ['deposit', 'requires_signature', false],
    ]);
    expect(first.quote.requirements).toEqual([
      expect.objectContaining({
        spender: layout.depositSpender,
        amount: expect.objectContaining({ raw: String(amount) }),
      }),
    ]);
    expect(first.steps[0]!.tx).toMatchObject(layout.calls.approveDeposit(amount));

    verifiedHash(await signAndSend(wallet, first.steps[0]!.tx), usdc);
    expect(await depositAllowance(gw.vault.deployment, wallet)).toBe(amount);
    // A read changes nothing, even with the approval on chain: no state change in a GET.
    expect(expectAction(await partner.get(first.id), 200)).toEqual({ ...first, idempotentReplay: false });
    expect(await statusesOf(first.id)).toEqual(['created']);

    // Rule 4: the fresh action takes the deposit over; the first ends cancelled, superseded, its approval confirmed.
    const fresh = await partner.created('deposit', body);
    expect(fresh.id).not.toBe(first.id);
    expect(fresh.steps.map((s) => s.kind)).toEqual(['deposit']);
    expect(fresh.quote.requirements).toBeUndefined();
    const superseded = expectAction(await partner.get(first.id), 200);
    expect(superseded).toMatchObject({
      status: 'cancelled',
      txHash: null,
      lastError: { code: 'SUPERSEDED', supersededBy: fresh.id },
    });
    expect(superseded.lastError!.message).toContain(`superseded by action ${fresh.id}`);
    expect(superseded.steps.map((s) => s.status)).toEqual(['confirmed', 'requires_signature']);
    expect(await statusesOf(first.id)).toEqual(['created', 'cancelled']);

    const sharesBefore = await shareBalance(gw.vault.deployment, wallet);
    const receipt = await signAndSend(wallet, fresh.steps[0]!.tx);
    const hash = verifiedHash(receipt, fresh.metadata.addresses.depositPipe);
    const submitted = expectAction(await partner.submit(fresh.id, hash), 200);
    expect(submitted).toMatchObject({ status: 'submitted', txHash: hash, idempotentReplay: false });

    const confirmed = await partner.pollUntil(fresh.id, (s) => s !== 'submitted');
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      indexingPending: true,
      receiptBlockNumber: String(receipt.blockNumber),
      lastError: null,
    });
    expect(confirmed.steps[0]!.status).toBe('confirmed');
    const minted = (await shareBalance(gw.vault.deployment, wallet)) - sharesBefore;
    expect(minted >= BigInt(fresh.quote.expected.minShares!.raw)).toBe(true);
    expect(await statusesOf(fresh.id)).toEqual(['created', 'submitted', 'confirmed']);
    // The first action is never reported failed, not even by an expiry sweep after its quote ran out.
    const writer = createActionWriter({ pool: gw.pool, deployment: gw.ctx.deployment });
    const later = new Date(Date.now() + 24 * 3_600_000);
    await failExpiredActions({ pool: gw.pool, writer, provider: gw.ctx.provider }, later);
    expect(await statusesOf(first.id)).toEqual(['created', 'cancelled']);
  });

  it('supersedes only an action of the same amount whose approval the chain covers', async () => {
    const wallet = gw.vault.wallets[1]!;
    const amount = 1_000n * USDC;
    const action = await partner.created('deposit', depositBody(wallet.address, amount));
    const token = MockUSDC__factory.connect(gw.vault.deployment.contracts.usdc, wallet);
    const spender = layoutOf(gw.vault.deployment).depositSpender;
    await (await token.approve(spender, amount - 1n)).wait();
    // Below its amount: another deposit needing no approval supersedes nothing.
    expect((await partner.created('deposit', depositBody(wallet.address, amount - 1n))).steps).toHaveLength(
      1,
    );
    expect(expectAction(await partner.get(action.id), 200).status).toBe('created');
    await (await token.approve(spender, amount)).wait();
    // Covered, but another amount is another deposit.
    expect((await partner.created('deposit', depositBody(wallet.address, amount / 2n))).steps).toHaveLength(
      1,
    );
    expect(await statusesOf(action.id)).toEqual(['created']);
    const fresh = await partner.created('deposit', depositBody(wallet.address, amount));
    expect(expectAction(await partner.get(action.id), 200)).toMatchObject({
      status: 'cancelled',
      lastError: { code: 'SUPERSEDED', supersededBy: fresh.id },
    });
  });
});

describe('submit verification', () => {
  it('refuses a hash of another transaction with 409 and leaves the action unchanged', async () => {
    const wallet = gw.vault.wallets[2]!;
    const other = gw.vault.wallets[3]!;
    const amount = 1_000n * USDC;
    const token = MockUSDC__factory.connect(gw.vault.deployment.contracts.usdc, wallet);
    const approval = await (await token.approve(layoutOf(gw.vault.deployment).depositSpender, amount)).wait();
    const action = await partner.created('deposit', depositBody(wallet.address, amount));
    expect(action.steps.map((s) => s.kind)).toEqual(['deposit']);
    const before = expectAction(await partner.get(action.id), 200);

    // The same deposit calldata sent by another wallet: mined (and reverted), but not this action's transaction.
    const foreign = await signAndSend(other, action.steps[0]!.tx, { gasLimit: 500_000n });
    const refusals = [
      [approval!.hash, 'sent to'],
      [foreign.hash, 'sent from'],
    ] as const;
    for (const [hash, reason] of refusals) {
      const message = expectError(await partner.submit(action.id, hash), 409, 'IDEMPOTENCY_CONFLICT');
      expect(message).toContain(reason);
      expect(expectAction(await partner.get(action.id), 200)).toEqual(before);
    }
    expect(await statusesOf(action.id)).toEqual(['created']);

    const receipt = await signAndSend(wallet, action.steps[0]!.tx);
    expectAction(
      await partner.submit(action.id, verifiedHash(receipt, before.metadata.addresses.depositPipe)),
      200,
    );
    expect((await partner.pollUntil(action.id, (s) => s !== 'submitted')).status).toBe('confirmed');
  });

  it('ends failed with TX_REVERTED when the signed deposit reverts on chain', async () => {
    const wallet = gw.vault.wallets[4]!;
    const amount = 1_000n * USDC;
    const token = MockUSDC__factory.connect(gw.vault.deployment.contracts.usdc, wallet);
    await (await token.approve(layoutOf(gw.vault.deployment).depositSpender, amount)).wait();
    const action = await partner.created('deposit', depositBody(wallet.address, amount));
    expect(action.steps.map((s) => s.kind)).toEqual(['deposit']);

    // The USDC leaves the account after the quote: the exact step now reverts. A manual gas limit gets it mined.
    const balance = await token.balanceOf(wallet.address);
    await (await token.transfer(gw.vault.wallets[5]!.address, balance)).wait();
    const receipt = await signAndSend(wallet, action.steps[0]!.tx, { gasLimit: 500_000n });
    expect(receipt.status).toBe(0);
    expect(() => verifiedHash(receipt, action.metadata.addresses.depositPipe)).toThrow('reverted');

    // A partner following rule 5 would stop here; the gateway must still end such a submit as failed.
    expectAction(await partner.submit(action.id, receipt.hash), 200);
    const failed = await partner.pollUntil(action.id, (s) => s !== 'submitted');
    expect(failed).toMatchObject({
      status: 'failed',
      txHash: receipt.hash,
      receiptBlockNumber: null,
      lastError: { code: 'TX_REVERTED' },
    });
    expect(failed.steps[0]!.status).toBe('failed');
    expect(await statusesOf(action.id)).toEqual(['created', 'submitted', 'failed']);
  });
});
