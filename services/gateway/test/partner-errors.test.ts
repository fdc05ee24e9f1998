// layouts: both
import { randomUUID } from 'node:crypto';
import { MaxUint256, ZeroAddress, type HDNodeWallet } from 'ethers';
import request from 'supertest';
import { MockUSDC__factory, Strategy__factory } from '@yv/contracts';
import { listOutboxEvents } from '@yv/db';
import { createKeeperSimulator } from '@yv/devnet';
import { useTestGateway } from './support/gateway';
import { depositThroughGateway, redeemAsyncThroughGateway } from './support/flows';
import {
  createTestPartner,
  expectAction,
  expectError,
  newIdempotencyKey,
  partnerClient,
  storedAction,
  type PartnerClient,
} from './support/partner';
import { signAndSend } from './support/signer';
import { accounting, layoutOf } from './support/vault';

/**
 * Every error code the partner-action routes raise, triggered through HTTP against the gateway as main.ts builds
 * it (real quote service on a devnet vault). A refused create must store no action under its key.
 */
// Readiness changes between requests here: nothing is reused across requests (the quote reads it as /health does).
const gw = useTestGateway({ env: { READ_CACHE_TTL_MS: '0' } });
const USDC = 10n ** 6n;
let partner: PartnerClient;
let partnerId: string;
let apiKey: string;
let owner: HDNodeWallet;
let held: bigint;

beforeAll(async () => {
  ({ partnerId, apiKey } = await createTestPartner(gw.pool));
  partner = partnerClient(gw.app, apiKey);
  owner = gw.vault.wallets[0]!;
  held = await depositThroughGateway(partner, gw.vault.deployment, owner, 10_000n * USDC);
});

async function refusedCreate(route: string, body: unknown, status: number, code: string): Promise<string> {
  const key = newIdempotencyKey();
  const message = expectError(await partner.create(route, body, key), status, code);
  expect(await storedAction(gw.pool, partnerId, key)).toBeNull();
  return message;
}

const deposit = (amountRaw: bigint | string, extra: Record<string, unknown> = {}) => ({
  amountRaw: amountRaw.toString(),
  account: owner.address,
  slippageBps: 50,
  ...extra,
});
/** The vault's owner and keeper functions (setDepositsPaused, allocateToStrategy), the same on either layout. */
const core = (signer = gw.vault.deployer) => accounting(gw.vault.deployment, signer);

describe('authentication and idempotency', () => {
  it('answers 401 PARTNER_UNAUTHORIZED on every route without a valid key, storing nothing', async () => {
    const action = await partner.created('deposit', deposit(USDC));
    const forged = `${apiKey.slice(0, -1)}${apiKey.endsWith('0') ? '1' : '0'}`;
    const headers: (string | null)[] = [
      null,
      '',
      `Basic ${apiKey}`,
      `Bearer ${forged}`,
      'Bearer nope',
      apiKey,
    ];
    for (const header of headers) {
      const key = newIdempotencyKey();
      const withAuth = (req: request.Test) => (header === null ? req : req.set('authorization', header));
      const calls = [
        withAuth(request(gw.app).post('/api/v1/partner/actions/deposit'))
          .set('idempotency-key', key)
          .send(deposit(USDC)),
        withAuth(request(gw.app).get(`/api/v1/partner/actions/${action.id}`)),
        withAuth(request(gw.app).post(`/api/v1/partner/actions/${action.id}/submit`)).send({
          txHash: `0x${'ab'.repeat(32)}`,
        }),
        withAuth(request(gw.app).get('/api/v1/partner/actions')),
      ];
      for (const res of await Promise.all(calls)) {
        const message = expectError(res, 401, 'PARTNER_UNAUTHORIZED');
        expect(message).not.toContain(apiKey.slice(8));
      }
      expect(await storedAction(gw.pool, partnerId, key)).toBeNull();
    }
    expect(expectAction(await partner.get(action.id), 200).status).toBe('created');
  });

  it('checks the Idempotency-Key: required, 8 to 160 characters, one body per key', async () => {
    const body = deposit(USDC);
    expectError(await partner.create('deposit', body, null), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expectError(await partner.create('deposit', body, ''), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    for (const key of ['k'.repeat(7), 'k'.repeat(161)]) {
      expectError(await partner.create('deposit', body, key), 400, 'BAD_IDEMPOTENCY_KEY');
      expect(await storedAction(gw.pool, partnerId, key)).toBeNull();
    }
    const key = newIdempotencyKey();
    const first = await partner.created('deposit', body, key);
    const message = expectError(
      await partner.create('deposit', deposit(2n * USDC), key),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(message).toContain(first.id);
    // The same key on another route is another request too.
    expectError(
      await partner.create('redeem-async', { sharesRaw: '1', account: owner.address }, key),
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(await partner.created('deposit', body, key)).toMatchObject({
      id: first.id,
      idempotentReplay: true,
    });
  });

  it('creates exactly one action for 50 concurrent first requests with one key', async () => {
    const key = newIdempotencyKey();
    const body = deposit(3n * USDC);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => partner.create('deposit', body, key)),
    );
    const actions = responses.map((res) => expectAction(res, 201));
    expect(new Set(actions.map((a) => a.id)).size).toBe(1);
    expect(actions.filter((a) => !a.idempotentReplay)).toHaveLength(1);
    expect((await storedAction(gw.pool, partnerId, key))?.id).toBe(actions[0]!.id);
    expect(await listOutboxEvents(gw.pool, 'action.updated', actions[0]!.id)).toHaveLength(1);
  });

  it('lets one of 20 concurrent different bodies under one key win; the rest replay or conflict', async () => {
    const key = newIdempotencyKey();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => partner.create('deposit', deposit(USDC + BigInt(i % 2)), key)),
    );
    const winner = await storedAction(gw.pool, partnerId, key);
    expect(winner).not.toBeNull();
    for (const res of responses) {
      if (res.status === 201) expect(expectAction(res, 201).id).toBe(winner!.id);
      else expectError(res, 409, 'IDEMPOTENCY_CONFLICT');
    }
    expect(responses.filter((res) => res.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(responses.filter((res) => res.status === 409).length).toBeGreaterThanOrEqual(1);
  });
});

describe('requests and actions', () => {
  it('answers 400 BAD_ACTION_REQUEST for bodies outside the schemas and rules, on every route', async () => {
    const account = owner.address;
    const cases: [string, unknown, string][] = [
      ['deposit', { amountRaw: '-1', account, slippageBps: 50 }, 'amountRaw'],
      ['deposit', { amountRaw: '1000000', account: 'nope' }, 'account'],
      ['deposit', { amountRaw: '1000000', account, slipageBps: 5 }, 'slipageBps'],
      ['deposit', { amountRaw: '1000000', account, slippageBps: 2001 }, 'slippageBps'],
      ['deposit', { amountRaw: '0', account }, 'positive'],
      ['deposit', { amountRaw: (1n << 256n).toString(), account }, 'amountRaw'],
      ['deposit', [], ''],
      ['redeem-async', { sharesRaw: '1', account, slippageBps: -1 }, 'slippageBps'],
      ['redeem-async', { sharesRaw: '1', account, receiveChainId: 43114 }, '43114'],
      ['redeem-instant', { sharesRaw: 'x', account, slippageBps: 50 }, 'sharesRaw'],
      ['claim', { id: '1', account }, 'receiver'],
      ['cancel', { id: 'abc', account }, 'id'],
      ['fulfill', {}, 'id'],
    ];
    for (const [route, body, mentions] of cases)
      expect(await refusedCreate(route, body, 400, 'BAD_ACTION_REQUEST')).toContain(mentions);
    // The spec's deposit rule 1: the USDC must already be on the settlement chain.
    expect(await refusedCreate('deposit', deposit(1_500_000n * USDC), 400, 'BAD_ACTION_REQUEST')).toContain(
      'settlement-chain USDC',
    );
    const action = await partner.created('deposit', deposit(USDC));
    expectError(await partner.submit(action.id, 'not-a-hash'), 400, 'BAD_ACTION_REQUEST');
  });

  it('answers 404 PARTNER_ACTION_NOT_FOUND for unknown, malformed and other partners’ action ids', async () => {
    const other = partnerClient(gw.app, (await createTestPartner(gw.pool, 'other')).apiKey);
    const theirs = await other.created('deposit', deposit(USDC));
    const hash = `0x${'cd'.repeat(32)}`;
    for (const id of [randomUUID(), 'not-a-uuid', theirs.id]) {
      expectError(await partner.get(id), 404, 'PARTNER_ACTION_NOT_FOUND');
      expectError(await partner.submit(id, hash), 404, 'PARTNER_ACTION_NOT_FOUND');
    }
    expect(expectAction(await other.get(theirs.id), 200)).toMatchObject({ status: 'created', txHash: null });
  });
});

describe('deposit rules through partner actions', () => {
  it('refuses below the minimum, above the caps, while paused or not ready, and what would revert', async () => {
    await refusedCreate('deposit', deposit(USDC - 1n), 400, 'MIN_DEPOSIT_NOT_MET');
    // Above maxUserDeposit (2,000,000 USDC).
    await refusedCreate('deposit', deposit(2_500_000n * USDC), 409, 'CAP_EXCEEDED');

    await gw.setReadiness({ deposits: false });
    try {
      await refusedCreate('deposit', deposit(USDC), 503, 'DEPOSITS_NOT_READY');
    } finally {
      await gw.setReadiness();
    }
    await (await core().setDepositsPaused(true)).wait();
    try {
      await refusedCreate('deposit', deposit(USDC), 503, 'DEPOSITS_PAUSED');
    } finally {
      await (await core().setDepositsPaused(false)).wait();
    }
    await partner.created('deposit', deposit(USDC));

    const usdc = MockUSDC__factory.connect(gw.vault.deployment.contracts.usdc, owner);
    await (await usdc.approve(layoutOf(gw.vault.deployment).depositSpender, MaxUint256)).wait();
    // Every vault rule passes, but minting shares to the zero address reverts in the share token.
    const message = await refusedCreate(
      'deposit',
      deposit(5n * USDC, { receiver: ZeroAddress }),
      422,
      'ACTION_QUOTE_FAILED',
    );
    expect(message).toContain('ERC20InvalidReceiver');
  });
});

describe('redemption rules through partner actions', () => {
  it('refuses redemptions of more shares than held, without slippage, or beyond instant liquidity', async () => {
    const account = owner.address;
    const tooMany = (held * 2n).toString();
    await refusedCreate('redeem-async', { sharesRaw: tooMany, account }, 409, 'INSUFFICIENT_SHARES');
    await refusedCreate(
      'redeem-instant',
      { sharesRaw: tooMany, account, slippageBps: 50 },
      409,
      'INSUFFICIENT_SHARES',
    );
    await refusedCreate('redeem-instant', { sharesRaw: '1000', account }, 400, 'INSTANT_REDEEM_NO_SLIPPAGE');
    await gw.setReadiness({ operations: false });
    try {
      await refusedCreate('redeem-async', { sharesRaw: '1000', account }, 503, 'OPERATIONS_NOT_READY');
    } finally {
      await gw.setReadiness();
    }

    const id = await redeemAsyncThroughGateway(partner, gw.vault.deployment, owner, held / 10n);
    const keeperCore = core(gw.vault.keeper);
    const capacity = await keeperCore.instantRedeemCapacity();
    await (await keeperCore.allocateToStrategy(capacity)).wait();
    try {
      await refusedCreate(
        'redeem-instant',
        { sharesRaw: '1000000', account, slippageBps: 50 },
        409,
        'BUFFER_SHORT',
      );
      expect(await refusedCreate('fulfill', { id }, 409, 'REDEEM_NOT_FULFILLABLE')).toContain('liquidity');
    } finally {
      const strategy = Strategy__factory.connect(gw.vault.deployment.contracts.strategy, gw.vault.keeper);
      await (await strategy.returnToVault(capacity)).wait();
    }
  });

  it('refuses claims, cancels and fulfilments of redemptions that are missing, not owned or in the wrong state', async () => {
    const account = owner.address;
    const stranger = gw.vault.wallets[1]!.address;
    const pending = await redeemAsyncThroughGateway(partner, gw.vault.deployment, owner, 1_000n);

    await refusedCreate('cancel', { id: '424242', account }, 404, 'REDEEM_NOT_FOUND');
    await refusedCreate('claim', { id: '424242', account, receiver: account }, 404, 'REDEEM_NOT_FOUND');
    await refusedCreate('fulfill', { id: '424242' }, 404, 'REDEEM_NOT_FOUND');
    await refusedCreate('cancel', { id: pending, account: stranger }, 409, 'REDEEM_NOT_OWNER');
    await refusedCreate(
      'claim',
      { id: pending, account: stranger, receiver: stranger },
      409,
      'REDEEM_NOT_OWNER',
    );
    await refusedCreate('claim', { id: pending, account, receiver: account }, 409, 'REDEEM_NOT_CLAIMABLE');

    const cancel = await partner.created('cancel', { id: pending, account });
    expect((await signAndSend(owner, cancel.steps[0]!.tx)).status).toBe(1);
    await refusedCreate('cancel', { id: pending, account }, 409, 'REDEEM_NOT_CANCELABLE');
    await refusedCreate('fulfill', { id: pending }, 409, 'REDEEM_NOT_FULFILLABLE');

    const fulfilled = await redeemAsyncThroughGateway(partner, gw.vault.deployment, owner, held / 20n);
    const keeper = createKeeperSimulator({ keeper: gw.vault.keeper, deployment: gw.vault.deployment });
    expect((await keeper.tick()).actions.fulfilled).toContain(fulfilled);
    await refusedCreate('cancel', { id: fulfilled, account }, 409, 'REDEEM_NOT_CANCELABLE');
    await refusedCreate('fulfill', { id: fulfilled }, 409, 'REDEEM_NOT_FULFILLABLE');
    // Claimable, but paying the zero address reverts in the vault: the build is refused with the decoded reason.
    const message = await refusedCreate(
      'claim',
      { id: fulfilled, account, receiver: ZeroAddress },
      422,
      'ACTION_BUILD_FAILED',
    );
    expect(message).toContain('ZeroAddress()');
    await partner.created('claim', { id: fulfilled, account, receiver: account });
  });
});
