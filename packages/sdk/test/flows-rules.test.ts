import {
  createVaultFlows,
  eip1193Wallet,
  ethersSignerWallet,
  FlowStoppedError,
  sameAddress,
  type FlowProgress,
  type FlowStopReason,
} from '../src';
import {
  ACCOUNT,
  ADDRESSES,
  action,
  bootstrap,
  FAST,
  fakeApi,
  fakeWallet,
  redemption,
  step,
  type FakeApi,
  type FakeWallet,
} from './flows/fakes';

/** Unit tests of the integration rules' decisions, with stand-ins for the wallet and the HTTP API only. */
const USDC = 10n ** 6n;
const AMOUNT = 100n * USDC;
const FUNDED = bootstrap({ usdc: AMOUNT, shares: 50n * USDC, capacity: 1_000n * USDC });

function flowsOf(api: FakeApi, wallet: FakeWallet, events: FlowProgress[] = []) {
  let key = 0;
  return createVaultFlows({
    api,
    wallet,
    ...FAST,
    onProgress: (event) => events.push(event),
    newIdempotencyKey: () => `test-key-${++key}`,
  });
}

async function stopOf(run: Promise<unknown>, reason: FlowStopReason): Promise<FlowStoppedError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlowStoppedError);
  expect((error as FlowStoppedError).reason).toBe(reason);
  return error as FlowStoppedError;
}

const withApproval = () =>
  action('deposit', [step('approval', ADDRESSES.asset), step('deposit', ADDRESSES.depositPipe)]);
const depositOnly = () => action('deposit', [step('deposit', ADDRESSES.depositPipe)]);
const uint = (value: bigint) => ({ ok: true as const, data: `0x${value.toString(16).padStart(64, '0')}` });
const ALLOWANCE = `0xdd62ed3e${ACCOUNT.slice(2).padStart(64, '0')}${ADDRESSES.depositPipe.slice(2).padStart(64, '0')}`;

/** Withdrawal metadata of a quote that settles to `receiver` and bridges to `chainId` from `depositAddress`. */
function withdrawalTo(chainId: number, depositAddress: string, receiver: string) {
  const usdc = { chainId, chainName: 'dest', usdcAddress: ADDRESSES.asset };
  const bridge = {
    provider: 'fixture',
    requestId: 'r1',
    depositAddress,
    statusUrl: 'http://bridge.invalid/status',
    originChainId: 999,
    destinationChainId: chainId,
    amountRaw: '1',
    recipient: ACCOUNT,
    refundTo: ACCOUNT,
  };
  return {
    requestedDestination: { ...usdc, enabled: true },
    settlement: { chainId: 999, chainName: 'settlement', usdcAddress: ADDRESSES.asset, receiver },
    postSettlementBridge: { required: true, bridge },
  };
}

describe('deposit', () => {
  it('signs the approval, checks the allowance, signs the deposit of a fresh action under a new key, submits only its hash', async () => {
    const first = withApproval();
    const fresh = depositOnly();
    const api = fakeApi({
      creates: [first, fresh],
      statuses: ['submitted', 'confirmed', 'indexed'],
      state: FUNDED,
    });
    const wallet = fakeWallet({ call: (r) => (r.data.startsWith('0xdd62ed3e') ? uint(AMOUNT) : uint(0n)) });
    const events: FlowProgress[] = [];

    const result = await flowsOf(api, wallet, events).deposit({ amount: AMOUNT });

    expect(result.action).toMatchObject({ id: fresh.id, status: 'indexed' });
    expect(api.created.map((c) => [c.route, c.key])).toEqual([
      ['deposit', 'test-key-1'],
      ['deposit', 'test-key-2'],
    ]);
    expect(api.created[0]!.body).toEqual({
      amountRaw: AMOUNT.toString(),
      account: ACCOUNT,
      receiver: ACCOUNT,
      slippageBps: 50,
    });
    expect(wallet.sent.map((tx) => tx.to)).toEqual([ADDRESSES.asset, ADDRESSES.depositPipe]);
    expect(result.approvalTxHash).toBe(`0x${'1'.padStart(64, '0')}`);
    expect(api.submitted).toEqual([{ id: fresh.id, txHash: `0x${'2'.padStart(64, '0')}` }]);
    // Simulated before each signature, the allowance read from the signer against the deposit pipe in between.
    expect(wallet.calls.map((c) => [c.from, c.to, c.data.slice(0, 10)])).toEqual([
      [ACCOUNT, ADDRESSES.asset, first.steps[0]!.tx!.data.slice(0, 10)],
      [ACCOUNT, ADDRESSES.asset, '0xdd62ed3e'],
      [ACCOUNT, ADDRESSES.depositPipe, fresh.steps[0]!.tx!.data.slice(0, 10)],
    ]);
    expect(wallet.calls[1]!.data).toBe(ALLOWANCE);
    expect(events.map((e) => e.stage)).toEqual([
      'created',
      'simulated',
      'signature_requested',
      'sent',
      'receipt_verified',
      'approval_confirmed',
      'refreshed',
      'simulated',
      'signature_requested',
      'sent',
      'receipt_verified',
      'submitted',
      'polled',
      'polled',
      'polled',
      'terminal',
    ]);
  });

  it('stops before creating anything when the account lacks the USDC', async () => {
    const api = fakeApi({ state: bootstrap({ usdc: AMOUNT - 1n }) });
    await stopOf(flowsOf(api, fakeWallet()).deposit({ amount: AMOUNT }), 'insufficient_funds');
    expect(api.created).toEqual([]);
  });

  it('names the deposit limit too when the amount is above both the balance and the limit', async () => {
    const over = bootstrap({ usdc: AMOUNT - 1n, maxDeposit: AMOUNT - 2n });
    const stop = await stopOf(
      flowsOf(fakeApi({ state: over }), fakeWallet()).deposit({ amount: AMOUNT }),
      'insufficient_funds',
    );
    expect(stop.message).toBe(
      `${ACCOUNT} holds ${AMOUNT - 1n} USDC (raw) on the settlement chain, less than ${AMOUNT}: bridge it in first; ${AMOUNT} is also above the account's deposit limit of ${AMOUNT - 2n} (maxDeposit)`,
    );
    expect(stop.context).toMatchObject({ balance: AMOUNT - 1n, amount: AMOUNT, maxDeposit: AMOUNT - 2n });
    // The account's limit is not another receiver's: the gateway checks that one.
    const other = '0x6666666666666666666666666666666666666666';
    const elsewhere = await stopOf(
      flowsOf(fakeApi({ state: over }), fakeWallet()).deposit({ amount: AMOUNT, receiver: other }),
      'insufficient_funds',
    );
    expect(elsewhere.message).not.toContain('limit');
  });

  it('stops when the bootstrap has no position to decide on', async () => {
    const api = fakeApi({ state: { ...FUNDED, position: null } });
    await stopOf(flowsOf(api, fakeWallet()).deposit({ amount: AMOUNT }), 'state_unavailable');
    expect(api.created).toEqual([]);
  });

  it('stops without a fresh action when the allowance after the approval is short', async () => {
    const first = withApproval();
    const api = fakeApi({ creates: [first], state: FUNDED });
    const wallet = fakeWallet({
      call: (r) => (r.data.startsWith('0xdd62ed3e') ? uint(AMOUNT - 1n) : uint(0n)),
    });
    const stop = await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'allowance_short');
    expect(stop.context).toMatchObject({ allowance: AMOUNT - 1n, amount: AMOUNT });
    // Loggable as JSON, amounts written as decimal strings.
    expect(JSON.parse(JSON.stringify(stop))).toMatchObject({
      reason: 'allowance_short',
      actionId: first.id,
      context: { allowance: String(AMOUNT - 1n), amount: String(AMOUNT) },
    });
    expect(api.created).toHaveLength(1);
    expect(wallet.sent.map((tx) => tx.to)).toEqual([ADDRESSES.asset]);
  });

  it('stops with approval pending when the fresh action still asks for an approval', async () => {
    const fresh = withApproval();
    const api = fakeApi({ creates: [withApproval(), fresh], state: FUNDED });
    const wallet = fakeWallet();
    const stop = await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'approval_pending');
    expect(stop.actionId).toBe(fresh.id);
    expect(wallet.sent).toHaveLength(1);
    expect(api.submitted).toEqual([]);
  });

  it('never asks for a signature of a transaction that reverts in simulation', async () => {
    const api = fakeApi({ creates: [depositOnly()], state: FUNDED });
    const wallet = fakeWallet({ call: () => ({ ok: false, revert: '0x12345678' }) });
    const stop = await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'simulation_reverted');
    expect(stop.context).toMatchObject({ revert: '0x12345678' });
    expect(wallet.sent).toEqual([]);
  });

  it('stops when the user rejects the signature in the wallet', async () => {
    const api = fakeApi({ creates: [depositOnly()], state: FUNDED });
    const wallet = fakeWallet();
    wallet.sendTransaction = async () =>
      Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 }));
    await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'signature_rejected');
    expect(api.submitted).toEqual([]);
  });

  it('stops before simulating when the wallet is on another chain', async () => {
    const api = fakeApi({ creates: [depositOnly()], state: FUNDED });
    const wallet = fakeWallet({ chainId: 1 });
    await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'wrong_chain');
    expect([wallet.calls, wallet.sent]).toEqual([[], []]);
  });

  it('stops when a step is for another chain than the action settles on', async () => {
    const bad = action('deposit', [
      step('deposit', ADDRESSES.depositPipe, {
        tx: { ...step('deposit', ADDRESSES.depositPipe).tx, chainId: 1 },
      }),
    ]);
    const wallet = fakeWallet();
    await stopOf(
      flowsOf(fakeApi({ creates: [bad], state: FUNDED }), wallet).deposit({ amount: AMOUNT }),
      'wrong_chain',
    );
    expect(wallet.sent).toEqual([]);
  });

  it('stops before simulating a step whose target is not the metadata address', async () => {
    const api = fakeApi({
      creates: [action('deposit', [step('deposit', ADDRESSES.redemptionPipe)])],
      state: FUNDED,
    });
    const wallet = fakeWallet();
    await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'wrong_target');
    expect([wallet.calls, wallet.sent]).toEqual([[], []]);
  });

  it('does not submit a hash whose receipt went to another contract', async () => {
    const api = fakeApi({ creates: [depositOnly()], state: FUNDED });
    const wallet = fakeWallet({
      receipt: (_tx, hash) => ({ hash, success: true, to: ADDRESSES.core, blockNumber: 1n }),
    });
    const stop = await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'wrong_target');
    expect(stop.txHash).toBe(`0x${'1'.padStart(64, '0')}`);
    expect(api.submitted).toEqual([]);
  });

  it('accepts a receipt target in another letter case', async () => {
    const api = fakeApi({ creates: [depositOnly()], state: FUNDED });
    const wallet = fakeWallet({
      receipt: (tx, hash) => ({
        hash,
        success: true,
        to: tx.to.toUpperCase().replace('0X', '0x'),
        blockNumber: 1n,
      }),
    });
    await expect(flowsOf(api, wallet).deposit({ amount: AMOUNT })).resolves.toMatchObject({
      approvalTxHash: null,
    });
  });

  it('does not submit a hash whose receipt failed', async () => {
    const api = fakeApi({ creates: [depositOnly()], state: FUNDED });
    const wallet = fakeWallet({
      receipt: (tx, hash) => ({ hash, success: false, to: tx.to, blockNumber: 1n }),
    });
    await stopOf(flowsOf(api, wallet).deposit({ amount: AMOUNT }), 'receipt_failed');
    expect(api.submitted).toEqual([]);
  });

  it('stops when no receipt comes within the receipt timeout', async () => {
    const api = fakeApi({ creates: [depositOnly()], state: FUNDED });
    const stop = await stopOf(
      flowsOf(api, fakeWallet({ receipt: () => null })).deposit({ amount: AMOUNT }),
      'receipt_timeout',
    );
    expect(stop.txHash).not.toBeNull();
    expect(api.submitted).toEqual([]);
  });

  it('stops with action_failed when the action fails, and with poll_timeout when it never settles', async () => {
    const failed = fakeApi({ creates: [depositOnly()], statuses: ['submitted', 'failed'], state: FUNDED });
    await stopOf(flowsOf(failed, fakeWallet()).deposit({ amount: AMOUNT }), 'action_failed');
    const stuck = fakeApi({ creates: [depositOnly()], statuses: ['confirmed'], state: FUNDED });
    const stop = await stopOf(flowsOf(stuck, fakeWallet()).deposit({ amount: AMOUNT }), 'poll_timeout');
    expect(stop.context).toEqual({ status: 'confirmed' });
  });

  it('stops when the action has no final step left to sign', async () => {
    const done = action('deposit', [step('deposit', ADDRESSES.depositPipe, { status: 'submitted' })]);
    const wallet = fakeWallet();
    await stopOf(
      flowsOf(fakeApi({ creates: [done], state: FUNDED }), wallet).deposit({ amount: AMOUNT }),
      'unexpected_step',
    );
    expect(wallet.sent).toEqual([]);
  });
});

describe('withdraw', () => {
  const state = (capacity: bigint, instant = true) =>
    bootstrap({ shares: 50n * USDC, capacity, sharePrice: 1_100_000n, instant });

  it('redeems instantly when the instant liquidity covers the shares’ value', async () => {
    const api = fakeApi({
      creates: [action('redeem_instant', [step('redeem_instant', ADDRESSES.redemptionPipe)])],
      state: state(11n * USDC),
    });
    const result = await flowsOf(api, fakeWallet()).withdraw({ shares: 10n * USDC });
    expect(result.mode).toBe('instant');
    expect(api.created.map((c) => [c.route, c.body])).toEqual([
      [
        'redeem-instant',
        { sharesRaw: '10000000', account: ACCOUNT, receiver: ACCOUNT, slippageBps: 50, receiveChainId: 999 },
      ],
    ]);
  });

  it('queues when the liquidity falls short by a unit, and returns the pending redemption once it is listed', async () => {
    const queued = action('redeem_async', [step('redeem_async', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({
      creates: [queued],
      statuses: ['confirmed', 'indexed', 'waiting_for_keeper'],
      state: state(11n * USDC - 1n),
      redemptions: [redemption('7', 'pending')],
    });
    const events: FlowProgress[] = [];
    const result = await flowsOf(api, fakeWallet(), events).withdraw({
      shares: 10n * USDC,
      receiveChainId: 8453,
    });
    expect(result).toMatchObject({ mode: 'queued', redemption: { id: '7' }, receiveChainId: 8453 });
    expect(result.action.status).toBe('waiting_for_keeper');
    expect(api.created[0]).toMatchObject({
      route: 'redeem-async',
      body: { sharesRaw: '10000000', receiveChainId: 8453 },
    });
    expect(events.at(-1)).toEqual({ stage: 'redemption_polled', redeemId: '7', status: 'pending' });
  });

  it('queues when the vault has no instant redemption', async () => {
    const queued = action('redeem_async', [step('redeem_async', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({
      creates: [queued],
      statuses: ['waiting_for_keeper'],
      state: state(10n ** 12n, false),
      redemptions: [redemption('7', 'pending')],
    });
    expect((await flowsOf(api, fakeWallet()).withdraw({ shares: USDC })).mode).toBe('queued');
  });

  it('queues when told to, even with the instant liquidity at hand', async () => {
    const queued = action('redeem_async', [step('redeem_async', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({
      creates: [queued],
      statuses: ['waiting_for_keeper'],
      state: state(10n ** 12n),
      redemptions: [redemption('7', 'pending')],
    });
    const result = await flowsOf(api, fakeWallet()).withdraw({ shares: USDC, mode: 'queued' });
    expect(result.mode).toBe('queued');
    expect(api.created.map((c) => [c.route, c.body])).toEqual([
      ['redeem-async', { sharesRaw: '1000000', account: ACCOUNT, slippageBps: 50, receiveChainId: 999 }],
    ]);
  });

  it('with mode instant, redeems instantly when covered and stops rather than queue when not', async () => {
    const instant = action('redeem_instant', [step('redeem_instant', ADDRESSES.redemptionPipe)]);
    const covered = fakeApi({ creates: [instant], state: state(11n * USDC) });
    const result = await flowsOf(covered, fakeWallet()).withdraw({ shares: 10n * USDC, mode: 'instant' });
    expect(result.mode).toBe('instant');

    const short = fakeApi({ state: state(11n * USDC - 1n) });
    const stop = await stopOf(
      flowsOf(short, fakeWallet()).withdraw({ shares: 10n * USDC, mode: 'instant' }),
      'instant_unavailable',
    );
    expect(stop.message).toBe(
      `the vault's instant liquidity of ${11n * USDC - 1n} USDC (raw) does not cover ${10n * USDC} shares: withdraw with mode 'queued' or 'auto', or fewer shares`,
    );
    const none = fakeApi({ state: state(10n ** 12n, false) });
    const off = await stopOf(
      flowsOf(none, fakeWallet()).withdraw({ shares: USDC, mode: 'instant' }),
      'instant_unavailable',
    );
    expect(off.message).toContain('no instant redemption');
    expect([short.created, none.created]).toEqual([[], []]);
  });

  it('stops with poll_timeout when the queued redemption never gets listed', async () => {
    const queued = action('redeem_async', [step('redeem_async', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({ creates: [queued], statuses: ['waiting_for_keeper'], state: state(0n) });
    const stop = await stopOf(flowsOf(api, fakeWallet()).withdraw({ shares: USDC }), 'poll_timeout');
    expect(stop.context).toEqual({ redeemId: '7', status: null });
  });

  it('stops when the settled queued action names no redemption', async () => {
    const queued = action('redeem_async', [step('redeem_async', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({
      creates: [queued],
      statuses: ['waiting_for_keeper'],
      state: state(0n),
      redeemId: null,
    });
    await stopOf(flowsOf(api, fakeWallet()).withdraw({ shares: USDC }), 'state_unavailable');
  });

  it('stops before creating anything when the wallet holds fewer shares', async () => {
    const api = fakeApi({ state: state(10n ** 12n) });
    await stopOf(flowsOf(api, fakeWallet()).withdraw({ shares: 50n * USDC + 1n }), 'insufficient_shares');
    expect(api.created).toEqual([]);
  });

  it('stops when the bootstrap has no vault section', async () => {
    const api = fakeApi({ state: { ...state(0n), vault: null } });
    await stopOf(flowsOf(api, fakeWallet()).withdraw({ shares: 1n }), 'state_unavailable');
  });

  it('redeems instantly to another chain only through the bridge deposit address the quote names', async () => {
    const depositAddress = '0x7777777777777777777777777777777777777777';
    const bridged = action('redeem_instant', [step('redeem_instant', ADDRESSES.redemptionPipe)]);
    bridged.quote.metadata = { withdrawal: withdrawalTo(8453, depositAddress, depositAddress) };
    const api = fakeApi({ creates: [bridged], state: state(10n ** 12n) });
    const result = await flowsOf(api, fakeWallet()).withdraw({ shares: USDC, receiveChainId: 8453 });
    expect(result.mode).toBe('instant');

    for (const withdrawal of [
      undefined,
      withdrawalTo(10, depositAddress, depositAddress),
      withdrawalTo(8453, depositAddress, ACCOUNT),
    ]) {
      const unbridged = action('redeem_instant', [step('redeem_instant', ADDRESSES.redemptionPipe)]);
      unbridged.quote.metadata = withdrawal ? { withdrawal } : {};
      const wallet = fakeWallet();
      const refused = fakeApi({ creates: [unbridged], state: state(10n ** 12n) });
      await stopOf(
        flowsOf(refused, wallet).withdraw({ shares: USDC, receiveChainId: 8453 }),
        'bridge_missing',
      );
      expect(wallet.sent).toEqual([]);
    }
  });

  it('does not sign an approval step outside a deposit', async () => {
    const odd = action('redeem_instant', [
      step('approval', ADDRESSES.asset),
      step('redeem_instant', ADDRESSES.redemptionPipe),
    ]);
    const wallet = fakeWallet();
    await stopOf(
      flowsOf(fakeApi({ creates: [odd], state: state(10n ** 12n) }), wallet).withdraw({ shares: 1n }),
      'unexpected_step',
    );
    expect(wallet.sent).toEqual([]);
  });
});

describe('claim and cancel', () => {
  it('claims a claimable redemption with the persisted receiveChainId', async () => {
    const claimAction = action('claim_redeem', [step('claim_redeem', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({ creates: [claimAction], redemptions: [redemption('7', 'claimable')] });
    const receiver = '0x6666666666666666666666666666666666666666';
    const settled = await flowsOf(api, fakeWallet()).claim({ redeemId: '7', receiver, receiveChainId: 999 });
    expect(settled.status).toBe('indexed');
    expect(api.created[0]!.body).toEqual({ id: '7', account: ACCOUNT, receiver, receiveChainId: 999 });
  });

  it('does not sign a claim to another chain whose quote has no bridge', async () => {
    const claimAction = action('claim_redeem', [step('claim_redeem', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({ creates: [claimAction], redemptions: [redemption('7', 'claimable')] });
    const wallet = fakeWallet();
    await stopOf(flowsOf(api, wallet).claim({ redeemId: '7', receiveChainId: 8453 }), 'bridge_missing');
    expect(wallet.sent).toEqual([]);
  });

  it('refuses a claim or cancel naming the status that stops it, or an unknown redemption, each its own way', async () => {
    const api = fakeApi({
      redemptions: [
        redemption('5', 'pending'),
        redemption('6', 'claimable'),
        redemption('7', 'claimed'),
        redemption('8', 'cancelled'),
      ],
    });
    const flows = flowsOf(api, fakeWallet());
    const refusals = async (run: Promise<unknown>, reason: FlowStopReason) => {
      const stop = await stopOf(run, reason);
      return [stop.redemptionStatus, stop.message];
    };
    expect(await refusals(flows.claim({ redeemId: '5' }), 'not_claimable')).toEqual([
      'pending',
      'redemption 5 is still pending: the keeper has not fulfilled it yet; wait until it is claimable (waitForRedemption) before claiming',
    ]);
    expect(await refusals(flows.cancel({ redeemId: '6' }), 'not_cancellable')).toEqual([
      'claimable',
      'redemption 6 is already fulfilled and claimable, so it can no longer be cancelled: claim it instead',
    ]);
    const claimed = ['claimed', 'redemption 7 is already claimed: its USDC was paid out'];
    expect(await refusals(flows.claim({ redeemId: '7' }), 'not_claimable')).toEqual(claimed);
    expect(await refusals(flows.cancel({ redeemId: '7' }), 'not_cancellable')).toEqual(claimed);
    expect(await refusals(flows.cancel({ redeemId: '8' }), 'not_cancellable')).toEqual([
      'cancelled',
      `redemption 8 is already cancelled: its shares went back to ${ACCOUNT}`,
    ]);
    const unknown = await stopOf(flows.claim({ redeemId: '9' }), 'not_claimable');
    expect(unknown.redemptionStatus).toBe('unknown');
    expect(unknown.message).toBe(
      `redemption 9 is unknown: it is not among the redemptions of ${ACCOUNT}; one just requested may not be indexed yet (wait with waitForRedemption or retry shortly), or it belongs to another wallet`,
    );
    expect(unknown.toJSON()).toMatchObject({ redemptionStatus: 'unknown', context: { redeemId: '9' } });
    expect((await stopOf(flows.cancel({ redeemId: '9' }), 'not_cancellable')).redemptionStatus).toBe(
      'unknown',
    );
    expect(api.created).toEqual([]);
  });

  it('cancels a pending redemption', async () => {
    const cancelAction = action('cancel_redeem', [step('cancel_redeem', ADDRESSES.redemptionPipe)]);
    const api = fakeApi({ creates: [cancelAction], redemptions: [redemption('7', 'pending')] });
    expect((await flowsOf(api, fakeWallet()).cancel({ redeemId: '7' })).status).toBe('indexed');
    expect(api.created.map((c) => c.body)).toEqual([{ id: '7', account: ACCOUNT }]);
  });
});

describe('wallets', () => {
  const rpcError = (code: number, message: string, data?: unknown) =>
    Object.assign(new Error(message), { code, data });

  it('eip1193Wallet: calls, sends and reads receipts over raw JSON-RPC', async () => {
    const requests: { method: string; params?: readonly unknown[] }[] = [];
    const wallet = eip1193Wallet(
      {
        async request(args) {
          requests.push(args);
          if (args.method === 'eth_chainId') return '0x3e7';
          if (args.method === 'eth_sendTransaction') return '0xabc';
          if (args.method === 'eth_getTransactionReceipt')
            return {
              transactionHash: '0xabc',
              status: '0x1',
              to: ADDRESSES.depositPipe,
              blockNumber: '0x10',
            };
          return '0x01';
        },
      },
      ACCOUNT,
    );
    expect(await wallet.getChainId()).toBe(999);
    expect(await wallet.call({ from: ACCOUNT, to: ADDRESSES.asset, data: '0x', value: '10' })).toEqual({
      ok: true,
      data: '0x01',
    });
    expect(
      await wallet.sendTransaction({ to: ADDRESSES.depositPipe, data: '0x12', value: '0', chainId: 999 }),
    ).toBe('0xabc');
    expect(await wallet.getReceipt('0xabc')).toEqual({
      hash: '0xabc',
      success: true,
      to: ADDRESSES.depositPipe,
      blockNumber: 16n,
    });
    expect(requests.slice(1, 3)).toEqual([
      {
        method: 'eth_call',
        params: [{ from: ACCOUNT, to: ADDRESSES.asset, data: '0x', value: '0xa' }, 'latest'],
      },
      {
        method: 'eth_sendTransaction',
        params: [{ from: ACCOUNT, to: ADDRESSES.depositPipe, data: '0x12', value: '0x0', chainId: '0x3e7' }],
      },
    ]);
  });

  it('eip1193Wallet: a revert (geth code 3, Hardhat VM exception) is an outcome, a transport fault is thrown', async () => {
    const failing = (error: Error) => eip1193Wallet({ request: async () => Promise.reject(error) }, ACCOUNT);
    const call = { from: ACCOUNT, to: ADDRESSES.asset, data: '0x', value: '0' };
    expect(await failing(rpcError(3, 'execution reverted', '0x12345678')).call(call)).toEqual({
      ok: false,
      revert: '0x12345678',
    });
    const hardhat = rpcError(-32603, 'Error: VM Exception while processing transaction: reverted', {
      data: '0xabcdef01',
    });
    expect(await failing(hardhat).call(call)).toEqual({ ok: false, revert: '0xabcdef01' });
    await expect(failing(rpcError(-32000, 'header not found')).call(call)).rejects.toThrow(
      'header not found',
    );
  });

  it('ethersSignerWallet: CALL_EXCEPTION is a revert, other errors are thrown', async () => {
    const provider = (error: unknown) => ({
      getNetwork: async () => ({ chainId: 999n }),
      call: async () => Promise.reject(error),
      getTransactionReceipt: async () => ({ hash: '0xabc', status: 0, to: ADDRESSES.asset, blockNumber: 3 }),
      getTransactionCount: async () => 0,
    });
    const signer = (error: unknown) => ({
      getAddress: async () => ACCOUNT,
      sendTransaction: async () => ({ hash: '0xabc' }),
      provider: provider(error),
    });
    const call = { from: ACCOUNT, to: ADDRESSES.asset, data: '0x', value: '0' };
    const reverted = Object.assign(new Error('execution reverted'), { code: 'CALL_EXCEPTION', data: '0x01' });
    const wallet = ethersSignerWallet(signer(reverted));
    expect(await wallet.call(call)).toEqual({ ok: false, revert: '0x01' });
    expect(await wallet.getReceipt('0xabc')).toEqual({
      hash: '0xabc',
      success: false,
      to: ADDRESSES.asset,
      blockNumber: 3n,
    });
    await expect(
      ethersSignerWallet(signer(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }))).call(call),
    ).rejects.toThrow('timeout');
    expect(() => ethersSignerWallet({ ...signer(null), provider: null })).toThrow(/no provider/);
  });

  it('ethersSignerWallet: nonces from a raw pending read past the provider cache, never one already taken, given back after a failed send', async () => {
    const reads: unknown[] = [];
    const nonces: number[] = [];
    let pending = 5;
    let failing = false;
    const provider = {
      getNetwork: async () => ({ chainId: 999n }),
      call: async () => '0x',
      getTransactionReceipt: async () => null,
      getTransactionCount: async () => Promise.reject(new Error('cached read')),
      send: async (method: string, params: unknown[]) => {
        reads.push([method, params]);
        return `0x${pending.toString(16)}`;
      },
    };
    const wallet = ethersSignerWallet({
      getAddress: async () => ACCOUNT,
      provider,
      async sendTransaction({ nonce }) {
        if (failing) throw Object.assign(new Error('User rejected'), { code: 'ACTION_REJECTED' });
        nonces.push(nonce);
        return { hash: '0xabc' };
      },
    });
    const tx = { to: ADDRESSES.asset, data: '0x', value: '0', chainId: 999 };
    await wallet.sendTransaction(tx);
    // The node answering next has not seen nonce 5 yet; two sends at once still get one nonce each.
    await Promise.all([wallet.sendTransaction(tx), wallet.sendTransaction(tx)]);
    failing = true;
    await expect(wallet.sendTransaction(tx)).rejects.toThrow('User rejected');
    failing = false;
    await wallet.sendTransaction(tx);
    // Another sender of the account took 9 to 11.
    pending = 12;
    await wallet.sendTransaction(tx);
    expect(nonces).toEqual([5, 6, 7, 8, 12]);
    expect(reads[0]).toEqual(['eth_getTransactionCount', [ACCOUNT, 'pending']]);

    // A provider without raw requests (not JSON-RPC): its own pending count.
    const sent: number[] = [];
    const plain = ethersSignerWallet({
      getAddress: async () => ACCOUNT,
      provider: { ...provider, send: undefined, getTransactionCount: async () => 3 },
      sendTransaction: async ({ nonce }) => (sent.push(nonce), { hash: '0xabc' }),
    });
    await plain.sendTransaction(tx);
    expect(sent).toEqual([3]);
  });

  it('sameAddress ignores letter case and never matches a missing address', () => {
    expect(sameAddress(ADDRESSES.asset.toUpperCase().replace('0X', '0x'), ADDRESSES.asset)).toBe(true);
    expect(sameAddress(null, ADDRESSES.asset)).toBe(false);
    expect(sameAddress(ADDRESSES.core, ADDRESSES.asset)).toBe(false);
  });
});
