import type { Provider } from 'ethers';
import { answerHex, MalformedAnswer, sizeAt, wordAt } from '../abi-words';
import { widenedWindowMs } from '../batch-window';
import type { VaultLayout } from '../layouts/types';
import { aggregateRaw, encodedView, multicallView } from '../multicall';

/** A wallet's on-chain position at one block, straight from the contracts' own views. */
export interface PositionState {
  wallet: string;
  blockNumber: number;
  /** The block's timestamp, seconds since the epoch: the time the position was true. */
  blockTimestamp: bigint;
  usdcBalance: bigint;
  shareBalance: bigint;
  /** convertToAssets(shareBalance): what the shares are worth in USDC now. */
  shareValue: bigint;
  /** USDC allowance to the layout's deposit spender (DepositPipe on v2, the vault on v3). */
  depositPipeAllowance: bigint;
  maxDeposit: bigint;
  /** Shares the wallet can redeem, queued or instantly: its share balance. */
  maxRedeem: bigint;
  /** Assets the wallet can redeem instantly now: its shares' value, capped by the instant capacity. */
  maxWithdraw: bigint;
  nativeBalance: bigint;
}

export interface PositionReader {
  read(wallet: string): Promise<PositionState>;
}

export interface PositionReaderOptions {
  provider: Provider;
  layout: VaultLayout;
  /** The latest block, shared with the caller's other reads (createLatestBlock), so it is asked once for all. */
  latestBlock: () => Promise<number>;
  /**
   * How long the first wallet of a batch waits for others to join it (default `BATCH_WINDOW_MS`), at least: on a
   * slow node a share of its round trip (`widenedWindowMs`).
   */
  batchWindowMs?: number;
  maxBatchWallets?: number;
  /**
   * positionsOf calls at once (default `MAX_IN_FLIGHT`). Wallets asked for while they are all out join the next
   * batch, so under load batches grow instead of calls multiplying.
   */
  maxInFlight?: number;
}

/** positionsOf's Position struct: eight words, in this order. */
const FIELDS = [
  'usdcBalance',
  'shareBalance',
  'depositPipeAllowance',
  'maxDeposit',
  'maxRedeem',
  'maxWithdraw',
  'nativeBalance',
  'shareValue',
] as const;
type Figures = Record<(typeof FIELDS)[number], bigint>;
const WHAT = 'positionsOf';

/** positionsOf's answer: a dynamic array of static eight-word structs. */
export function decodePositions(answer: string, count: number): Figures[] {
  const hex = answerHex(WHAT, answer);
  const array = sizeAt(WHAT, hex, 0);
  const length = sizeAt(WHAT, hex, array);
  if (length !== count) throw new MalformedAnswer(WHAT, `${length} positions for ${count} wallets`);
  return Array.from({ length }, (_, i) => {
    const at = array + 32 + i * FIELDS.length * 32;
    return Object.fromEntries(FIELDS.map((field, k) => [field, wordAt(WHAT, hex, at + k * 32)])) as Figures;
  });
}

/**
 * The default batch window: long enough that a wave of requests at a partner's everyday pace is read in one call,
 * at a small cost in throughput under full load (figures: docs/performance.md#batch_window_ms-position-reader).
 */
const BATCH_WINDOW_MS = 10;
/**
 * Two calls out, not one: under load a batch's answers are rendered while the next batch is read, and wallets
 * asked just after a batch left are read a window later instead of after its answer
 * (figures: docs/performance.md#max_in_flight-position-reader).
 */
const MAX_IN_FLIGHT = 2;

interface Pending {
  wallet: string;
  resolve: (state: PositionState) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads positions with at most one eth_call (Multicall3: the block's timestamp and the vault's positionsOf) per
 * batch of wallets. Concurrent requests for the same wallet at the same block share one promise; different wallets
 * asked together share one eth_call. Wallets waiting for a call are read at the newest block any of them was asked
 * at: a new block would otherwise split the next batch in two calls, and a later block answers "latest" as well.
 */
export function createPositionReader(opts: PositionReaderOptions): PositionReader {
  const { latestBlock } = opts;
  const batchWindowMs = opts.batchWindowMs ?? BATCH_WINDOW_MS;
  const maxBatch = opts.maxBatchWallets ?? 100;
  const maxInFlight = opts.maxInFlight ?? MAX_IN_FLIGHT;
  const cache = new Map<string, Promise<PositionState>>();
  let cacheBlock = -1;
  // Wallets waiting for a call, and the newest block they were asked at.
  const queue: Pending[] = [];
  let queueBlock = -1;
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRoundTripMs = 0;

  const { multicall3 } = opts.layout.deployment.contracts;
  // The block's time rides along in the same eth_call: asked apart, it would be a second node round trip.
  const timestampCall = encodedView(multicallView(multicall3, 'getCurrentBlockTimestamp'));

  async function send(block: number, batch: Pending[]): Promise<void> {
    try {
      const positions = opts.layout.positionsCall(batch.map((p) => p.wallet));
      const started = Date.now();
      const [timestamp, answer] = await aggregateRaw(
        opts.provider,
        multicall3,
        [timestampCall, positions],
        block,
      );
      lastRoundTripMs = Date.now() - started;
      const blockTimestamp = wordAt(WHAT, answerHex(WHAT, timestamp!), 0);
      const figures = decodePositions(answer!, batch.length);
      batch.forEach((p, i) =>
        p.resolve({ wallet: p.wallet, blockNumber: block, blockTimestamp, ...figures[i]! }),
      );
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const block = queueBlock;
      const batch = queue.splice(0, maxBatch);
      // An empty queue forgets its block: a node whose head went back (a reorg, another node behind a balancer) is
      // asked at the block the next wallet sees, not one it may not have.
      if (queue.length === 0) queueBlock = -1;
      inFlight++;
      void send(block, batch).finally(() => {
        inFlight--;
        // A window from now, not at once nor when an earlier window ends: the wallets answered ask again within it,
        // and join the ones that waited instead of leaving a call behind them. Sent at once, the two halves of a
        // load split into alternate calls for good.
        if (timer) clearTimeout(timer);
        timer = null;
        if (queue.length > 0) schedule();
      });
    }
  }

  function enqueue(block: number, wallet: string): Promise<PositionState> {
    return new Promise((resolve, reject) => {
      queue.push({ wallet, resolve, reject });
      queueBlock = Math.max(queueBlock, block);
      schedule();
    });
  }

  /** A full batch leaves at once; any other at the end of the window its first wallet opened. */
  function schedule(): void {
    if (queue.length >= maxBatch) pump();
    else if (!timer) {
      const windowMs = widenedWindowMs(batchWindowMs, lastRoundTripMs);
      timer = setTimeout(() => {
        timer = null;
        pump();
      }, windowMs);
    }
  }

  return {
    async read(wallet) {
      const block = await latestBlock();
      if (block !== cacheBlock) {
        cache.clear();
        cacheBlock = block;
      }
      const key = wallet.toLowerCase();
      let state = cache.get(key);
      if (!state) {
        state = enqueue(block, wallet);
        cache.set(key, state);
        state.catch(() => cache.delete(key));
      }
      return state;
    },
  };
}
