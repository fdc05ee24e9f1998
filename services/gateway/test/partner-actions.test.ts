// layouts: both
import { randomBytes } from 'node:crypto';
import { keccak256, MaxUint256, type HDNodeWallet, type TransactionReceipt } from 'ethers';
import pino from 'pino';
import request from 'supertest';
import { vaultLayout } from '@yv/chain';
import { MockUSDC__factory } from '@yv/contracts';
import { listOutboxEvents } from '@yv/db';
import { ApiError, toAmount, withFinalStepStatus, type ActionPlan, type ActionStepDraft } from '@yv/domain';
import { createServiceMetrics } from '@yv/metrics';
import { buildOpenApi, createValidator } from '@yv/schemas';
import { useDevnetVault, useTestDatabase, useTestRedis } from '@yv/testkit';
import { actionMetricHooks, createActionMetrics } from '../src/actions/metrics';
import { createPartnerActionService } from '../src/actions/service';
import type { DepositInput, QuoteService } from '../src/quotes';
import { createActionWriter, type ActionWriter } from '@yv/actions';
import { startActionTracker, type ActionTracker } from '../src/actions/tracker';
import { createPartner } from '../src/admin/commands';
import { createApp } from '../src/app';
import { partnerAuthentication } from '../src/auth/partner-auth';
import { partnerActionsRouter } from '../src/routes/partner-actions';

const db = useTestDatabase();
const redis = useTestRedis();
const vault = useDevnetVault();
const validator = createValidator();
const metrics = createServiceMetrics('gateway');
const DROP_WINDOW_MS = 4_000;

/**
 * A test-only quote layer for deposits: real calldata for this file's vault from its layout (an approval of the
 * layout's deposit spender when the allowance is short, then the layout's deposit), and a real eth_call of the deposit when nothing needs approving, whose revert
 * is the 422 the real quote layer gives. Other kinds are not this file's subject.
 */
let quoteValidityMs = 5 * 60_000;
function testQuoteService(): QuoteService {
  const refuse = async (): Promise<never> => {
    throw new ApiError('ACTION_QUOTE_FAILED', 'only deposits are quoted in this test');
  };
  const deposit = async (input: DepositInput): Promise<ActionPlan> => {
    const { usdc } = vault.deployment.contracts;
    const { calls, depositSpender } = vaultLayout(vault.deployment);
    const receiver = input.receiver ?? input.account;
    const amount = BigInt(input.amountRaw);
    const tx = { ...calls.deposit(amount, receiver, 0n), value: '0', chainId: 999 };
    const allowance = await MockUSDC__factory.connect(usdc, vault.provider).allowance(
      input.account,
      depositSpender,
    );
    const steps: ActionStepDraft[] = [];
    const approval = { ...calls.approveDeposit(amount), value: '0', chainId: 999 };
    if (allowance < amount) {
      steps.push({
        kind: 'approval',
        title: 'Approve USDC for the vault deposit',
        refreshQuoteAfterConfirm: true,
        tx: approval,
      });
    } else {
      try {
        await vault.provider.call({ from: input.account, to: tx.to, data: tx.data });
      } catch {
        throw new ApiError('ACTION_QUOTE_FAILED', 'the deposit would revert');
      }
    }
    steps.push({ kind: 'deposit', title: 'Deposit USDC', refreshQuoteAfterConfirm: false, tx });
    return {
      action: 'deposit',
      quote: {
        action: 'deposit',
        tx,
        account: input.account,
        receiver,
        expiresAt: new Date(Date.now() + quoteValidityMs).toISOString(),
        ...(allowance < amount
          ? {
              requirements: [
                {
                  type: 'approval',
                  token: usdc,
                  spender: depositSpender,
                  amount: toAmount(amount, 6),
                  tx: approval,
                },
              ],
            }
          : {}),
      },
      steps,
      wallet: input.account,
      receiver,
      redeemId: null,
      request: { ...input, receiver },
    };
  };
  return {
    deposit,
    redeemAsync: refuse,
    redeemInstant: refuse,
    claim: refuse,
    cancel: refuse,
    fulfill: refuse,
  };
}

let app: ReturnType<typeof createApp>;
let tracker: ActionTracker;
let writer: ActionWriter;
/** Every receipt the service asked the tracker to follow, with the request that asked. */
const followed: { actionId: string; requestId: string }[] = [];
let apiKey: string;
let otherKey: string;

beforeAll(async () => {
  const log = pino({ level: 'silent' });
  const deployment = vault.deployment;
  writer = createActionWriter({
    pool: db.pool,
    deployment,
    ...actionMetricHooks(createActionMetrics(metrics)),
  });
  tracker = await startActionTracker({
    pool: db.pool,
    writer,
    provider: vault.provider,
    log,
    redisUrl: redis.url,
    prefix: redis.bullmqPrefix,
    dropWindowMs: DROP_WINDOW_MS,
    pollMs: 100,
    sweepMs: 200,
  });
  app = createApp({
    log,
    metrics,
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1:3000' }),
    bodyLimitBytes: 65_536,
    routers: [
      partnerAuthentication({ pool: db.pool }),
      partnerActionsRouter({
        actions: createPartnerActionService({
          pool: db.pool,
          writer,
          quoteService: testQuoteService(),
          deployment,
          provider: vault.provider,
          follow: (actionId, requestId) => {
            followed.push({ actionId, requestId });
            return tracker.follow(actionId, requestId);
          },
          log,
        }),
      }),
    ],
  });
  apiKey = (await createPartner(db.pool, { name: 'partner-a' })).apiKey;
  otherKey = (await createPartner(db.pool, { name: 'partner-b' })).apiKey;
});
afterAll(async () => {
  await tracker?.close();
});

const newKey = () => `key-${randomBytes(8).toString('hex')}`;

function create(body: unknown, key: string | null = newKey(), kind = 'deposit', auth = apiKey) {
  const req = request(app).post(`/api/v1/partner/actions/${kind}`).set('authorization', `Bearer ${auth}`);
  return (key === null ? req : req.set('idempotency-key', key)).send(body as object);
}
const get = (id: string, auth = apiKey) =>
  request(app).get(`/api/v1/partner/actions/${id}`).set('authorization', `Bearer ${auth}`);
const submit = (id: string, txHash: string) =>
  request(app)
    .post(`/api/v1/partner/actions/${id}/submit`)
    .set('authorization', `Bearer ${apiKey}`)
    .send({ txHash });

function expectAction(res: request.Response, status: number) {
  expect(res.status).toBe(status);
  expect(validator.validate('PartnerActionResponse', res.body)).toEqual({ ok: true });
  return res.body.data as {
    id: string;
    status: string;
    txHash: string | null;
    steps: { kind: string; status: string; tx: { to: string; data: string } }[];
    idempotentReplay: boolean;
    lastError: { code: string; message: string } | null;
    receiptBlockNumber: string | null;
    indexingPending: boolean;
    metadata: { addresses: { depositPipe: string } };
  };
}

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(validator.validate('ErrorResponse', res.body)).toEqual({ ok: true });
  expect(res.body.error.code).toBe(code);
  return res.body.error.message as string;
}

async function pollUntil(id: string, done: (status: string) => boolean) {
  for (let i = 0; i < 200; i += 1) {
    const data = expectAction(await get(id), 200);
    if (done(data.status)) return data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`action ${id} did not settle`);
}

/**
 * Signs and sends a step as a wallet would. Hardhat answers eth_sendRawTransaction of a reverting transaction with
 * an error although it mines it, so the hash is taken from the signed bytes and the receipt awaited by hash.
 */
async function send(
  wallet: HDNodeWallet,
  tx: { to: string; data: string },
  gasLimit?: bigint,
): Promise<TransactionReceipt> {
  const signed = await wallet.signTransaction(
    await wallet.populateTransaction({ to: tx.to, data: tx.data, ...(gasLimit ? { gasLimit } : {}) }),
  );
  await vault.provider.send('eth_sendRawTransaction', [signed]).catch(() => undefined);
  // A transaction's hash is the keccak256 of its signed bytes.
  return (await vault.provider.waitForTransaction(keccak256(signed), 1, 30_000)) as TransactionReceipt;
}

const deposit = (wallet: HDNodeWallet, amountRaw = '1000000') => ({
  amountRaw,
  account: wallet.address,
  slippageBps: 50,
});

describe('idempotent creation', () => {
  it('creates a deposit action as 201 created, and replays it for the same key and body', async () => {
    const wallet = vault.wallets[0]!;
    const key = newKey();
    const first = expectAction(await create(deposit(wallet), key), 201);
    expect(first).toMatchObject({
      status: 'created',
      txHash: null,
      idempotentReplay: false,
      lastError: null,
    });
    expect(first.steps.map((s) => s.kind)).toEqual(['approval', 'deposit']);
    expect(first.metadata.addresses.depositPipe).toBe(vault.deployment.contracts.depositPipe);

    // Same body, other key order: the canonical body is the same.
    const replay = expectAction(
      await create({ slippageBps: 50, account: wallet.address, amountRaw: '1000000' }, key),
      201,
    );
    expect(replay).toMatchObject({ id: first.id, idempotentReplay: true });

    const conflict = expectError(await create(deposit(wallet, '2000000'), key), 409, 'IDEMPOTENCY_CONFLICT');
    expect(conflict).toContain(first.id);
    // Keys are per partner: another partner's same key is a new action.
    const other = expectAction(await create(deposit(wallet), key, 'deposit', otherKey), 201);
    expect(other.id).not.toBe(first.id);
  });

  it('requires an Idempotency-Key of 8 to 160 characters', async () => {
    const body = deposit(vault.wallets[0]!);
    expectError(await create(body, null), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expectError(await create(body, ''), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expectError(await create(body, 'k'.repeat(7)), 400, 'BAD_IDEMPOTENCY_KEY');
    expectError(await create(body, 'k'.repeat(161)), 400, 'BAD_IDEMPOTENCY_KEY');
    expectAction(await create(body, `${randomBytes(4).toString('hex')}`), 201);
    expectAction(await create(body, `${randomBytes(4).toString('hex')}${'k'.repeat(152)}`), 201);
  });

  it('refuses a bad body with 400 BAD_ACTION_REQUEST and stores nothing', async () => {
    const key = newKey();
    const message = expectError(
      await create({ amountRaw: '-1', account: 'nope', slipageBps: 5 }, key),
      400,
      'BAD_ACTION_REQUEST',
    );
    expect(message).toContain('slipageBps');
    expectError(
      await create({ ...deposit(vault.wallets[0]!), slippageBps: 2001 }, newKey()),
      400,
      'BAD_ACTION_REQUEST',
    );
    expectAction(await create(deposit(vault.wallets[0]!), key), 201);
  });

  it('passes a quote failure through and stores nothing', async () => {
    const wallet = vault.wallets[1]!;
    const approve = MockUSDC__factory.connect(vault.deployment.contracts.usdc, wallet);
    await (await approve.approve(vaultLayout(vault.deployment).depositSpender, MaxUint256)).wait();
    const key = newKey();
    // Approved without limit, but holding far less than this: the deposit's eth_call reverts.
    expectError(await create(deposit(wallet, (10n ** 15n).toString()), key), 422, 'ACTION_QUOTE_FAILED');
    const { rows } = await db.pool.query(
      'SELECT count(*)::int AS n FROM partner_actions WHERE idempotency_key = $1',
      [key],
    );
    expect(rows[0].n).toBe(0);
  });

  it('creates exactly one action for 50 concurrent first requests with one key', async () => {
    const key = newKey();
    const body = deposit(vault.wallets[0]!, '3000000');
    const responses = await Promise.all(Array.from({ length: 50 }, () => create(body, key)));
    const actions = responses.map((res) => expectAction(res, 201));
    expect(new Set(actions.map((a) => a.id)).size).toBe(1);
    expect(actions.filter((a) => !a.idempotentReplay)).toHaveLength(1);
    const { rows } = await db.pool.query(
      'SELECT count(*)::int AS n FROM partner_actions WHERE idempotency_key = $1',
      [key],
    );
    expect(rows[0].n).toBe(1);
    expect(await listOutboxEvents(db.pool, 'action.updated', actions[0]!.id)).toHaveLength(1);
  });
});

describe('reads', () => {
  it("answers another partner's action, an unknown id and a malformed id with 404", async () => {
    const mine = expectAction(await create(deposit(vault.wallets[0]!)), 201);
    expectAction(await get(mine.id), 200);
    expectError(await get(mine.id, otherKey), 404, 'PARTNER_ACTION_NOT_FOUND');
    expectError(await get('00000000-0000-4000-8000-000000000000'), 404, 'PARTNER_ACTION_NOT_FOUND');
    expectError(await get('not-a-uuid'), 404, 'PARTNER_ACTION_NOT_FOUND');
  });

  it('lists newest first with cursor pages, filtered by wallet and status', async () => {
    const { partnerId, apiKey: key } = await createPartner(db.pool, { name: 'lister' });
    const [w1, w2] = [vault.wallets[4]!, vault.wallets[5]!];
    const ids: string[] = [];
    for (const wallet of [w1, w2, w1, w1, w2])
      ids.push(expectAction(await create(deposit(wallet), newKey(), 'deposit', key), 201).id);
    const list = (query: string) =>
      request(app).get(`/api/v1/partner/actions${query}`).set('authorization', `Bearer ${key}`);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.map((a: { id: string }) => a.id));
      cursor = res.body.meta.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const byWallet = await list(`?wallet=${w1.address.toLowerCase()}`);
    expect(byWallet.body.data.map((a: { id: string }) => a.id)).toEqual([ids[3], ids[2], ids[0]]);
    expect(byWallet.body.meta.nextCursor).toBeNull();
    await db.pool.query(
      `UPDATE partner_actions SET status = 'failed', last_error = '{"code":"X","message":"x"}' WHERE id = $1 AND partner_id = $2`,
      [ids[1], partnerId],
    );
    expect((await list('?status=failed')).body.data.map((a: { id: string }) => a.id)).toEqual([ids[1]]);
    expectError(await list('?wallet=0x12'), 400, 'BAD_WALLET');
    expectError(await list('?status=done'), 400, 'BAD_REQUEST');
    expectError(await list('?limit=101'), 400, 'BAD_REQUEST');
    expectError(await list('?cursor=zzz'), 400, 'BAD_REQUEST');
  });
});

describe('submit and receipt tracking', () => {
  it('follows the integration guide: approve, fresh action, deposit, submit, poll to confirmed', async () => {
    const wallet = vault.wallets[2]!;
    const first = expectAction(await create(deposit(wallet, '5000000')), 201);
    const approval = first.steps[0]!;
    expect(approval.kind).toBe('approval');
    const approvalReceipt = await send(wallet, approval.tx);
    expect(approvalReceipt.status).toBe(1);

    // A hash of another transaction (the approval) is refused and the action left as it was.
    const fresh = expectAction(await create(deposit(wallet, '5000000')), 201);
    expect(fresh.steps.map((s) => s.kind)).toEqual(['deposit']);
    const refused = expectError(await submit(fresh.id, approvalReceipt.hash), 409, 'IDEMPOTENCY_CONFLICT');
    expect(refused).toContain('sent to');
    expect(expectAction(await get(fresh.id), 200)).toMatchObject({ status: 'created', txHash: null });

    const receipt = await send(wallet, fresh.steps[0]!.tx);
    expect(receipt.status).toBe(1);
    expect(receipt.to).toBe(fresh.metadata.addresses.depositPipe);
    const submitAnswer = await submit(fresh.id, receipt.hash);
    const submitted = expectAction(submitAnswer, 200);
    expect(submitted).toMatchObject({ status: 'submitted', txHash: receipt.hash, idempotentReplay: false });
    expect(submitted.steps[0]!.status).toBe('submitted');
    // The same hash again is a replay; another hash now conflicts.
    expect(
      expectAction(await submit(fresh.id, receipt.hash.toUpperCase().replace('0X', '0x')), 200),
    ).toMatchObject({ idempotentReplay: true });
    expectError(await submit(fresh.id, approvalReceipt.hash), 409, 'IDEMPOTENCY_CONFLICT');
    // Followed once, by the submit that changed it, whose request id the receipt job carries into its log lines.
    expect(followed.filter((f) => f.actionId === fresh.id)).toEqual([
      { actionId: fresh.id, requestId: submitAnswer.headers['x-request-id'] },
    ]);

    const confirmed = await pollUntil(fresh.id, (s) => s !== 'submitted');
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      indexingPending: true,
      receiptBlockNumber: String(receipt.blockNumber),
    });
    expect(confirmed.steps[0]!.status).toBe('confirmed');
    const events = await listOutboxEvents(db.pool, 'action.updated', fresh.id);
    expect(events.map((e) => [e.sequence, (e.payload as { status: string }).status])).toEqual([
      [1, 'created'],
      [2, 'submitted'],
      [3, 'confirmed'],
    ]);
    // A hash already attached to one action cannot be attached to another.
    const third = expectAction(await create(deposit(wallet, '5000000')), 201);
    expectError(await submit(third.id, receipt.hash), 409, 'IDEMPOTENCY_CONFLICT');
    expectError(await submit(third.id, 'not-a-hash'), 400, 'BAD_ACTION_REQUEST');
  });

  it('ends failed with TX_REVERTED when the final transaction reverts', async () => {
    const wallet = vault.wallets[3]!;
    const usdc = MockUSDC__factory.connect(vault.deployment.contracts.usdc, wallet);
    const { depositSpender } = vaultLayout(vault.deployment);
    await (await usdc.approve(depositSpender, MaxUint256)).wait();
    const action = expectAction(await create(deposit(wallet, '1000000')), 201);
    expect(action.steps.map((s) => s.kind)).toEqual(['deposit']);
    // The allowance is withdrawn after the quote: the exact step now reverts on chain.
    await (await usdc.approve(depositSpender, 0n)).wait();
    const receipt = await send(wallet, action.steps[0]!.tx, 300_000n);
    expect(receipt.status).toBe(0);
    expectAction(await submit(action.id, receipt.hash), 200);
    const failed = await pollUntil(action.id, (s) => s !== 'submitted');
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatchObject({ code: 'TX_REVERTED' });
    expect(failed.receiptBlockNumber).toBeNull();
  });

  it('refuses a hash the chain does not know with 400, leaving the action to take the real hash', async () => {
    const wallet = vault.wallets[4]!;
    const usdc = MockUSDC__factory.connect(vault.deployment.contracts.usdc, wallet);
    await (await usdc.approve(vaultLayout(vault.deployment).depositSpender, MaxUint256)).wait();
    const action = expectAction(await create(deposit(wallet, '1000000')), 201);
    const before = expectAction(await get(action.id), 200);

    const unknown = `0x${randomBytes(32).toString('hex')}`;
    const message = expectError(await submit(action.id, unknown), 400, 'BAD_ACTION_REQUEST');
    expect(message).toContain(`${unknown} is not known on chain 999`);
    expect(message).toContain('wait for its receipt');
    expect(expectAction(await get(action.id), 200)).toEqual(before);
    expect(followed.filter((f) => f.actionId === action.id)).toEqual([]);

    const receipt = await send(wallet, action.steps[0]!.tx);
    expect(expectAction(await submit(action.id, receipt.hash), 200)).toMatchObject({
      status: 'submitted',
      txHash: receipt.hash,
    });
    expect(expectAction(await submit(action.id, receipt.hash), 200).idempotentReplay).toBe(true);
    expect((await pollUntil(action.id, (s) => s !== 'submitted')).status).toBe('confirmed');
    const events = await listOutboxEvents(db.pool, 'action.updated', action.id);
    expect(events.map((e) => (e.payload as { status: string }).status)).toEqual([
      'created',
      'submitted',
      'confirmed',
    ]);

    const other = expectAction(await create(deposit(wallet, '1000000')), 201);
    expectError(await submit(other.id, receipt.hash), 409, 'IDEMPOTENCY_CONFLICT');
  });

  it('fails a submitted action as dropped when its transaction leaves the node unmined', async () => {
    const action = expectAction(await create(deposit(vault.wallets[0]!)), 201);
    // A pending transaction replaced or evicted after its submit: the node no longer knows the hash.
    const gone = `0x${randomBytes(32).toString('hex')}`;
    await writer.change(action.id, (current) => ({
      status: 'submitted',
      txHash: gone,
      submittedAt: new Date(),
      steps: withFinalStepStatus(current.steps, 'submitted'),
    }));
    await tracker.follow(action.id, 'test');
    const dropped = await pollUntil(action.id, (s) => s !== 'submitted');
    expect(dropped.lastError).toMatchObject({ code: 'TX_DROPPED' });
    expectError(await submit(action.id, `0x${randomBytes(32).toString('hex')}`), 409, 'IDEMPOTENCY_CONFLICT');
  });

  it('fails an unsigned action when its quote expires', async () => {
    quoteValidityMs = 300;
    const action = expectAction(await create(deposit(vault.wallets[0]!)), 201);
    quoteValidityMs = 5 * 60_000;
    const expired = await pollUntil(action.id, (s) => s !== 'created');
    expect(expired).toMatchObject({ status: 'failed', lastError: { code: 'QUOTE_EXPIRED' } });
    expect(expired.steps.every((s) => s.status === 'failed')).toBe(true);
    expectError(await submit(action.id, `0x${randomBytes(32).toString('hex')}`), 409, 'IDEMPOTENCY_CONFLICT');
  });

  it('fails an expired approval-path action with its approval step confirmed when the chain covers it', async () => {
    const wallet = vault.wallets[5]!;
    quoteValidityMs = 2_000;
    const action = expectAction(await create(deposit(wallet, '9000000')), 201);
    quoteValidityMs = 5 * 60_000;
    expect(action.steps.map((s) => [s.kind, s.status])).toEqual([
      ['approval', 'requires_signature'],
      ['deposit', 'requires_signature'],
    ]);
    expect((await send(wallet, action.steps[0]!.tx)).status).toBe(1);
    const expired = await pollUntil(action.id, (s) => s !== 'created');
    expect(expired).toMatchObject({ status: 'failed', lastError: { code: 'QUOTE_EXPIRED' } });
    expect(expired.steps.map((s) => s.status)).toEqual(['confirmed', 'failed']);
  });

  it('counts creations by kind and transitions by status', async () => {
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/svc_gateway_actions_created_total\{action="deposit"\} \d+/);
    expect(text).toMatch(/svc_gateway_action_transitions_total\{status="confirmed"\} 2/);
    expect(text).toMatch(/svc_gateway_action_transitions_total\{status="cancelled"\} 1/);
    expect(text).toMatch(/svc_gateway_action_transitions_total\{status="failed"\} [1-9]/);
  });
});
