import type { Bootstrap, FlowApi, PartnerAction, Redeem } from '../../src/flows/api';
import type { CallOutcome, CallRequest, FlowWallet, ReceiptSummary, TxRequest } from '../../src/flows/wallet';

/**
 * Stand-ins for the partner's wallet and the HTTP API, for unit tests of the flows' decisions: every call is
 * recorded, every answer is what the test sets.
 */
export const ACCOUNT = '0x1111111111111111111111111111111111111111';
export const ADDRESSES = {
  share: '0x2222222222222222222222222222222222222222',
  core: '0x2222222222222222222222222222222222222222',
  depositPipe: '0x3333333333333333333333333333333333333333',
  redemptionPipe: '0x4444444444444444444444444444444444444444',
  asset: '0x5555555555555555555555555555555555555555',
};

type Kind = PartnerAction['steps'][number]['kind'];

export function step(kind: Kind, to: string, overrides: Partial<PartnerAction['steps'][number]> = {}) {
  return {
    id: `${kind}-step`,
    kind,
    status: 'requires_signature' as const,
    title: kind,
    tx: { to, data: `0x${kind.length.toString(16).padStart(8, '0')}`, value: '0', chainId: 999 },
    refreshQuoteAfterConfirm: kind === 'approval',
    ...overrides,
  };
}

let nextId = 1;

export function action(kind: PartnerAction['action'], steps: PartnerAction['steps']): PartnerAction {
  const metadata = { contractVersion: 'svc-pipe-v2' as const, chainId: 999, addresses: ADDRESSES };
  return {
    id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
    action: kind,
    status: 'created',
    wallet: ACCOUNT,
    receiver: ACCOUNT,
    redeemId: null,
    txHash: null,
    request: {},
    quote: { action: kind, tx: steps[steps.length - 1]?.tx ?? step(kind, ADDRESSES.asset).tx },
    steps,
    lastError: null,
    indexingPending: false,
    indexedAt: null,
    receiptBlockNumber: null,
    idempotentReplay: false,
    metadata,
    contractVersion: metadata.contractVersion,
    addresses: ADDRESSES,
    timestamps: { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  };
}

const amount = (raw: bigint, decimals = 6) => ({ raw: raw.toString(), decimals, formatted: '' });

/** The bootstrap sections the flows read; the rest are never looked at. */
export function bootstrap(
  state: {
    usdc?: bigint;
    shares?: bigint;
    capacity?: bigint;
    sharePrice?: bigint;
    instant?: boolean;
    maxDeposit?: bigint;
  } = {},
): Bootstrap {
  const position = {
    wallet: ACCOUNT,
    balances: { usdc: amount(state.usdc ?? 0n), shares: amount(state.shares ?? 0n), shareValue: amount(0n) },
    limits: { maxDeposit: amount(state.maxDeposit ?? 10n ** 15n) },
  };
  const vault = {
    product: { chainId: 999 },
    share: { decimals: 6 },
    analytics: { sharePrice: amount(state.sharePrice ?? 1_000_000n) },
    liquidity: { instantRedeemCapacity: amount(state.capacity ?? 0n) },
    capabilities: { instantRedeem: state.instant ?? true },
  };
  return { wallet: ACCOUNT, position, vault, errors: {} } as unknown as Bootstrap;
}

export interface FakeApi extends FlowApi {
  created: { route: string; body: unknown; key: string }[];
  submitted: { id: string; txHash: string }[];
}

/**
 * The API: each create answers the next of `creates`, each poll the next of `statuses` (the last one repeats),
 * redemptions are looked up in `redemptions`.
 */
export function fakeApi(opts: {
  creates?: PartnerAction[];
  statuses?: PartnerAction['status'][];
  state?: Bootstrap;
  redemptions?: Redeem[];
  /** The redeemId a redeem_async action shows from waiting_for_keeper on; default '7'. */
  redeemId?: string | null;
}): FakeApi {
  const creates = [...(opts.creates ?? [])];
  const statuses = [...(opts.statuses ?? ['indexed'])];
  const byId = new Map<string, PartnerAction>();
  opts = { redeemId: '7', ...opts };
  const api: FakeApi = {
    created: [],
    submitted: [],
    async createAction(route, body, options) {
      api.created.push({ route, body, key: options.idempotencyKey });
      const next = creates.shift();
      if (!next) throw new Error(`unexpected create of ${route}`);
      byId.set(next.id, next);
      return next;
    },
    async submitAction(id, txHash) {
      api.submitted.push({ id, txHash });
      return { ...byId.get(id)!, status: 'submitted', txHash };
    },
    async getAction(id) {
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      const queued = ['waiting_for_keeper', 'claimable', 'claimed', 'cancelled'].includes(status);
      return { ...byId.get(id)!, status, redeemId: queued ? (opts.redeemId ?? null) : null };
    },
    bootstrap: async () => opts.state ?? bootstrap(),
    findRedemption: async (_wallet, id) => opts.redemptions?.find((r) => r.id === id) ?? null,
  };
  return api;
}

export function redemption(id: string, status: Redeem['status']): Redeem {
  return { id, status } as Redeem;
}

export interface FakeWallet extends FlowWallet {
  calls: CallRequest[];
  sent: TxRequest[];
}

/**
 * The wallet: calls answer `call` (default: success with an allowance of 2^255), each send gets hash 0x…01, 0x…02,
 * and its receipt is `receipt` (default: success, to the transaction's target).
 */
export function fakeWallet(
  opts: {
    chainId?: number;
    call?: (request: CallRequest) => CallOutcome;
    receipt?: (tx: TxRequest, hash: string) => ReceiptSummary | null;
  } = {},
): FakeWallet {
  const wallet: FakeWallet = {
    calls: [],
    sent: [],
    getAddress: async () => ACCOUNT,
    getChainId: async () => opts.chainId ?? 999,
    async call(request) {
      wallet.calls.push(request);
      return opts.call?.(request) ?? { ok: true, data: `0x8${'0'.repeat(63)}` };
    },
    async sendTransaction(tx) {
      wallet.sent.push(tx);
      return `0x${wallet.sent.length.toString(16).padStart(64, '0')}`;
    },
    async getReceipt(hash) {
      const tx = wallet.sent[Number(BigInt(hash)) - 1]!;
      return opts.receipt ? opts.receipt(tx, hash) : { hash, success: true, to: tx.to, blockNumber: 10n };
    },
  };
  return wallet;
}

export const FAST = { pollIntervalMs: 1, pollTimeoutMs: 50, receiptPollIntervalMs: 1, receiptTimeoutMs: 50 };
