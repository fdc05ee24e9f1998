// layouts: both
import { MaxUint256, ZeroAddress, type HDNodeWallet } from 'ethers';
import pino from 'pino';
import request from 'supertest';
import { MockUSDC__factory, Strategy__factory } from '@yv/contracts';
import { startFixtureServer, type FixtureServer } from '@yv/devnet';
import { DEFAULT_QUOTE_TTL_MS } from '@yv/domain';
import { createServiceMetrics, type ServiceMetrics } from '@yv/metrics';
import { buildOpenApi, createValidator } from '@yv/schemas';
import { useDevnetVault } from '@yv/testkit';
import type { Express } from 'express';
import { createApp } from '../src/app';
import { type QuoteService } from '../src/quotes';
import { buildersRouter } from '../src/routes/builders';
import { accounting, layoutOf, onChainRedemption, requestedRedemptionId, shareToken } from './support/vault';
import { devnetQuoteService } from './support/quotes';

const v = useDevnetVault();
const USDC = 10n ** 6n;
const validator = createValidator();
const readiness = { deposits: true, operations: true };
let fixture: FixtureServer;
let app: Express;
let service: QuoteService;
let metrics: ServiceMetrics;

interface Tx {
  to: string;
  data: string;
  value: string;
  chainId: number;
}
interface Quote {
  action: string;
  tx: Tx;
  receiver?: string;
  quoteBlock: string;
  expiresAt: string;
  requirements?: { tx: Tx; spender: string; amount: { raw: string } }[];
  expected: Record<string, { raw: string }>;
  metadata?: {
    withdrawal: {
      settlement: { receiver: string };
      postSettlementBridge: Record<string, unknown> & { bridge: Record<string, unknown> | null };
    };
  };
}

beforeAll(async () => {
  fixture = await startFixtureServer({ port: 0 });
  metrics = createServiceMetrics('gateway');
  service = devnetQuoteService(v.deployment, v.provider, {
    bridgeUrl: fixture.bridgeUrl,
    readiness: () => ({ ...readiness }),
    metrics,
  });
  app = createApp({
    log: pino({ level: 'silent' }),
    metrics,
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1:3000' }),
    bodyLimitBytes: 65_536,
    routers: [buildersRouter(service)],
  });
});
afterAll(() => fixture?.close());

const c = () => v.deployment.contracts;
const usdc = (w: HDNodeWallet) => MockUSDC__factory.connect(c().usdc, w);
const layout = () => layoutOf(v.deployment);
const share = () => shareToken(v.deployment, v.provider);
const redemption = (id: string) => onChainRedemption(v.provider, v.deployment, id);

async function quote(route: string, body: unknown): Promise<Quote> {
  const res = await request(app)
    .post(route)
    .send(body as object);
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
  expect(validator.validate('ActionQuoteResponse', res.body)).toEqual({ ok: true });
  return res.body.data as Quote;
}

async function refused(route: string, body: unknown, status: number, code: string): Promise<string> {
  const res = await request(app)
    .post(route)
    .send(body as object);
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status, code });
  expect(validator.validate('ErrorResponse', res.body)).toEqual({ ok: true });
  return res.body.error.message as string;
}

/** Signs and sends a returned TxRequest exactly as a partner's user would, and waits for a successful receipt. */
async function send(wallet: HDNodeWallet, tx: Tx) {
  const sent = await wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    chainId: tx.chainId,
  });
  const receipt = await sent.wait();
  expect(receipt?.status).toBe(1);
  return receipt!;
}

async function depositVia(wallet: HDNodeWallet, amountRaw: bigint): Promise<bigint> {
  const first = await quote('/api/v1/actions/deposit/quote', {
    amountRaw: amountRaw.toString(),
    account: wallet.address,
  });
  for (const requirement of first.requirements ?? []) await send(wallet, requirement.tx);
  const ready = await quote('/api/v1/actions/deposit/quote', {
    amountRaw: amountRaw.toString(),
    account: wallet.address,
  });
  const before = await share().balanceOf(wallet.address);
  await send(wallet, ready.tx);
  return (await share().balanceOf(wallet.address)) - before;
}

async function requestRedemption(wallet: HDNodeWallet, sharesRaw: bigint): Promise<string> {
  const q = await quote('/api/v1/actions/redeem-async/quote', {
    sharesRaw: sharesRaw.toString(),
    account: wallet.address,
  });
  return requestedRedemptionId(v.deployment, await send(wallet, q.tx));
}

const DEPOSIT = '/api/v1/actions/deposit/quote';
const ASYNC = '/api/v1/actions/redeem-async/quote';
const INSTANT = '/api/v1/actions/redeem-instant/quote';
const CLAIM = '/api/v1/actions/claim/build';
const CANCEL = '/api/v1/actions/cancel/build';
const FULFILL = '/api/v1/actions/fulfill/build';

describe('deposit quote', () => {
  it('asks for an approval only while the allowance is short, and the quoted deposit mints at least minShares', async () => {
    const wallet = v.wallets[0]!;
    const amountRaw = (1_000n * USDC).toString();
    const plan = await service.deposit({ amountRaw, account: wallet.address, slippageBps: 50 });
    expect(plan.steps.map((s) => [s.kind, s.refreshQuoteAfterConfirm])).toEqual([
      ['approval', true],
      ['deposit', false],
    ]);
    expect(plan.funding).toMatchObject({
      requiredBeforeAction: true,
      destination: { chainId: 999, token: { address: c().usdc } },
    });

    const first = await quote(DEPOSIT, { amountRaw, account: wallet.address });
    expect(first.requirements).toHaveLength(1);
    expect(first.requirements![0]).toMatchObject({
      spender: layout().depositSpender,
      amount: { raw: amountRaw },
      tx: layout().calls.approveDeposit(BigInt(amountRaw)),
    });
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(DEFAULT_QUOTE_TTL_MS - 10_000);
    await send(wallet, first.requirements![0]!.tx);

    const second = await quote(DEPOSIT, { amountRaw, account: wallet.address, slippageBps: 50 });
    expect(second.requirements).toBeUndefined();
    expect(
      (await service.deposit({ amountRaw, account: wallet.address, slippageBps: 50 })).steps.map(
        (s) => s.kind,
      ),
    ).toEqual(['deposit']);
    const minShares = BigInt(second.expected.minShares!.raw);
    expect(minShares).toBe((BigInt(second.expected.shares!.raw) * 9950n) / 10000n);
    const before = await share().balanceOf(wallet.address);
    await send(wallet, second.tx);
    const minted = (await share().balanceOf(wallet.address)) - before;
    expect(minted >= minShares).toBe(true);
    expect(minted).toBe(BigInt(second.expected.shares!.raw));
  });

  it('refuses by the vault rules with the codes of the error table', async () => {
    const account = v.wallets[1]!.address;
    await refused(DEPOSIT, { amountRaw: '999999', account }, 400, 'MIN_DEPOSIT_NOT_MET');
    await refused(DEPOSIT, { amountRaw: (2_500_000n * USDC).toString(), account }, 409, 'CAP_EXCEEDED');
    const unfunded = await refused(
      DEPOSIT,
      { amountRaw: (1_500_000n * USDC).toString(), account },
      400,
      'BAD_ACTION_REQUEST',
    );
    expect(unfunded).toContain('settlement-chain USDC');
    await refused(DEPOSIT, { amountRaw: '0', account }, 400, 'BAD_ACTION_REQUEST');
    await refused(DEPOSIT, { amountRaw: (1n << 256n).toString(), account }, 400, 'BAD_ACTION_REQUEST');
    await refused(DEPOSIT, { amountRaw: '1000000', account, slippageBps: 2001 }, 400, 'BAD_REQUEST');
    await refused(DEPOSIT, { amountRaw: '1000000' }, 400, 'BAD_REQUEST');
    readiness.deposits = false;
    try {
      await refused(DEPOSIT, { amountRaw: '1000000', account }, 503, 'DEPOSITS_NOT_READY');
    } finally {
      readiness.deposits = true;
    }
    const core = accounting(v.deployment, v.deployer);
    await (await core.setDepositsPaused(true)).wait();
    try {
      await refused(DEPOSIT, { amountRaw: '1000000', account }, 503, 'DEPOSITS_PAUSED');
    } finally {
      await (await core.setDepositsPaused(false)).wait();
    }
  });

  it('answers 422 ACTION_QUOTE_FAILED with the decoded reason when the deposit would revert', async () => {
    const wallet = v.wallets[1]!;
    await (await usdc(wallet).approve(layout().depositSpender, MaxUint256)).wait();
    // Every vault rule passes, but minting shares to the zero address reverts inside the share token.
    const message = await refused(
      DEPOSIT,
      { amountRaw: '5000000', account: wallet.address, receiver: ZeroAddress },
      422,
      'ACTION_QUOTE_FAILED',
    );
    expect(message).toContain('ERC20InvalidReceiver');
  });
});

describe('redemptions', () => {
  let owner: HDNodeWallet;
  let held: bigint;
  beforeAll(async () => {
    owner = v.wallets[2]!;
    held = await depositVia(owner, 10_000n * USDC);
  });

  it('quotes a queued redemption that escrows exactly the quoted shares', async () => {
    const sharesRaw = held / 10n;
    const q = await quote(ASYNC, { sharesRaw: sharesRaw.toString(), account: owner.address });
    expect(q.expected.shares!.raw).toBe(sharesRaw.toString());
    expect(q.tx).toMatchObject(layout().calls.requestRedeem(sharesRaw, owner.address));
    expect(q.metadata).toBeUndefined();
    const before = await share().balanceOf(owner.address);
    await send(owner, q.tx);
    expect(before - (await share().balanceOf(owner.address))).toBe(sharesRaw);
    await refused(
      ASYNC,
      { sharesRaw: (held * 2n).toString(), account: owner.address },
      409,
      'INSUFFICIENT_SHARES',
    );
    readiness.operations = false;
    try {
      await refused(ASYNC, { sharesRaw: '1', account: owner.address }, 503, 'OPERATIONS_NOT_READY');
    } finally {
      readiness.operations = true;
    }
  });

  it('describes the later bridge of a queued redemption to another chain (post-claim-quote, no bridge yet)', async () => {
    const q = await quote(ASYNC, { sharesRaw: '1000', account: owner.address, receiveChainId: 42161 });
    expect(q.metadata!.withdrawal.postSettlementBridge).toMatchObject({
      required: true,
      mode: 'post-claim-quote',
      bridge: null,
      amountSource: 'fulfilledRedeem.assets',
      to: { chainId: 42161 },
    });
    await refused(
      ASYNC,
      { sharesRaw: '1000', account: owner.address, receiveChainId: 43114 },
      400,
      'BAD_ACTION_REQUEST',
    );
    await refused(
      ASYNC,
      { sharesRaw: '1000', account: owner.address, receiveChainId: 5 },
      400,
      'BAD_ACTION_REQUEST',
    );
  });

  it('builds a cancel of a pending redemption, only for its owner', async () => {
    const id = await requestRedemption(owner, 1_000n);
    await refused(CANCEL, { id, account: v.wallets[3]!.address }, 409, 'REDEEM_NOT_OWNER');
    await refused(CANCEL, { id: '424242', account: owner.address }, 404, 'REDEEM_NOT_FOUND');
    const q = await quote(CANCEL, { id, account: owner.address });
    expect(q.expected.shares!.raw).toBe('1000');
    expect(q.tx).toMatchObject(layout().calls.cancelRedeem(BigInt(id), owner.address));
    await send(owner, q.tx);
    expect((await redemption(id)).status).toBe('cancelled');
    await refused(CANCEL, { id, account: owner.address }, 409, 'REDEEM_NOT_CANCELABLE');
    await refused(FULFILL, { id }, 409, 'REDEEM_NOT_FULFILLABLE');
  });

  it('builds a fulfilment anyone can send and a claim that pays the quoted assets', async () => {
    const id = await requestRedemption(owner, held / 20n);
    await refused(
      CLAIM,
      { id, account: owner.address, receiver: owner.address },
      409,
      'REDEEM_NOT_CLAIMABLE',
    );
    const f = await quote(FULFILL, { id });
    expect(f.tx).toMatchObject(layout().calls.fulfillRedeem(BigInt(id)));
    await send(v.wallets[4]!, f.tx);
    const r = await redemption(id);
    expect(r.status).toBe('claimable');
    expect(r.assets).toBe(BigInt(f.expected.assets!.raw));
    await refused(FULFILL, { id }, 409, 'REDEEM_NOT_FULFILLABLE');

    const claim = await quote(CLAIM, { id, account: owner.address, receiver: owner.address });
    expect(claim.expected.assets!.raw).toBe(r.assets.toString());
    expect(claim.tx).toMatchObject(layout().calls.claimRedeem(BigInt(id), owner.address));
    const before = await usdc(owner).balanceOf(owner.address);
    await send(owner, claim.tx);
    expect((await usdc(owner).balanceOf(owner.address)) - before).toBe(r.assets);
    await refused(
      CLAIM,
      { id, account: owner.address, receiver: owner.address },
      409,
      'REDEEM_NOT_CLAIMABLE',
    );
  });

  it('pays a claim to another chain into a bridge deposit address that delivers to the receiver', async () => {
    const id = await requestRedemption(owner, held / 20n);
    await send(v.wallets[4]!, (await quote(FULFILL, { id })).tx);
    const recipient = v.wallets[5]!.address;
    await refused(
      CLAIM,
      { id, account: owner.address, receiver: recipient, receiveChainId: 43114 },
      400,
      'BAD_ACTION_REQUEST',
    );
    const message = await refused(
      CLAIM,
      { id, account: owner.address, receiver: ZeroAddress },
      422,
      'ACTION_BUILD_FAILED',
    );
    expect(message).toContain('ZeroAddress()');

    const q = await quote(CLAIM, { id, account: owner.address, receiver: recipient, receiveChainId: 42161 });
    const bridge = q.metadata!.withdrawal.postSettlementBridge.bridge!;
    expect(bridge).toMatchObject({
      originChainId: 999,
      destinationChainId: 42161,
      recipient,
      refundTo: owner.address,
      amountRaw: q.expected.assets!.raw,
      originCurrency: c().usdc,
    });
    expect(q.metadata!.withdrawal.postSettlementBridge).toMatchObject({
      mode: 'deposit-address',
      amountSource: 'claim.expected.assets',
    });
    expect(q.receiver).toBe(bridge.depositAddress);
    expect(q.metadata!.withdrawal.settlement.receiver).toBe(bridge.depositAddress);
    await send(owner, q.tx);
    expect(await usdc(owner).balanceOf(bridge.depositAddress as string)).toBe(BigInt(q.expected.assets!.raw));
  });

  it('quotes an instant redemption with a minAssetsOut floor, bridged when asked', async () => {
    const sharesRaw = (held / 20n).toString();
    await refused(INSTANT, { sharesRaw, account: owner.address }, 400, 'INSTANT_REDEEM_NO_SLIPPAGE');
    await refused(
      INSTANT,
      { sharesRaw: (held * 2n).toString(), account: owner.address, slippageBps: 50 },
      409,
      'INSUFFICIENT_SHARES',
    );
    const q = await quote(INSTANT, { sharesRaw, account: owner.address, slippageBps: 30 });
    expect(BigInt(q.expected.minAssetsOut!.raw)).toBe((BigInt(q.expected.assets!.raw) * 9970n) / 10000n);
    const before = await usdc(owner).balanceOf(owner.address);
    await send(owner, q.tx);
    const received = (await usdc(owner).balanceOf(owner.address)) - before;
    expect(received >= BigInt(q.expected.minAssetsOut!.raw)).toBe(true);

    const bridged = await quote(INSTANT, {
      sharesRaw,
      account: owner.address,
      slippageBps: 30,
      receiveChainId: 42161,
    });
    const bridge = bridged.metadata!.withdrawal.postSettlementBridge.bridge!;
    expect(bridged.receiver).toBe(bridge.depositAddress);
    expect(bridge).toMatchObject({
      recipient: owner.address,
      refundTo: owner.address,
      amountRaw: bridged.expected.assets!.raw,
    });
    await send(owner, bridged.tx);
    expect(await usdc(owner).balanceOf(bridge.depositAddress as string)).toBe(
      BigInt(bridged.expected.assets!.raw),
    );
  });

  it('refuses instant redemptions and fulfilments the vault liquidity does not cover', async () => {
    const id = await requestRedemption(owner, held / 20n);
    const core = accounting(v.deployment, v.keeper);
    const capacity = await core.instantRedeemCapacity();
    await (await core.allocateToStrategy(capacity)).wait();
    try {
      await refused(
        INSTANT,
        { sharesRaw: '1000000', account: owner.address, slippageBps: 50 },
        409,
        'BUFFER_SHORT',
      );
      const message = await refused(FULFILL, { id }, 409, 'REDEEM_NOT_FULFILLABLE');
      expect(message).toContain('liquidity');
    } finally {
      await (await Strategy__factory.connect(c().strategy, v.keeper).returnToVault(capacity)).wait();
    }
    await quote(FULFILL, { id });
  });
});

it('counts quote failures by code', async () => {
  const text = await metrics.registry.metrics();
  expect(text).toMatch(/svc_gateway_quote_failures_total\{code="MIN_DEPOSIT_NOT_MET"\} 1/);
  expect(text).toMatch(/svc_gateway_quote_failures_total\{code="BUFFER_SHORT"\} 1/);
});
