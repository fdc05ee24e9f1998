import type { Provider } from 'ethers';
import type { VaultLayout } from '../layouts/types';
import { aggregateRaw } from '../multicall';
import { createLatestBlock } from './latest-block';

/** A wallet's on-chain position at one block, straight from the contracts' own views. */
export interface PositionState {
  wallet: string;
  blockNumber: number;
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
  /** How long a latest-block answer is reused. */
  blockTtlMs?: number;
  /** Wallets asked for within this window at the same block share one Multicall3 call. */
  batchWindowMs?: number;
  maxBatchWallets?: number;
}

const CALLS_PER_WALLET = 8;
const WORD_HEX = 66;

interface Pending {
  wallet: string;
  resolve: (state: PositionState) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads positions with at most one Multicall3 call per batch of wallets per block. Concurrent requests for the same
 * wallet at the same block share one promise; different wallets asked together share one eth_call.
 */
export function createPositionReader(opts: PositionReaderOptions): PositionReader {
  const latestBlock = createLatestBlock(opts.provider, opts.blockTtlMs ?? 250);
  const batchWindowMs = opts.batchWindowMs ?? 2;
  const maxBatch = opts.maxBatchWallets ?? 100;
  const cache = new Map<string, Promise<PositionState>>();
  let cacheBlock = -1;
  const queues = new Map<number, Pending[]>();

  async function flush(block: number): Promise<void> {
    const batch = queues.get(block) ?? [];
    queues.delete(block);
    if (batch.length === 0) return;
    try {
      const calls = batch.flatMap((p) => opts.layout.walletCalls(p.wallet));
      const answers = await aggregateRaw(
        opts.provider,
        opts.layout.deployment.contracts.multicall3,
        calls,
        block,
      );
      batch.forEach((p, i) => {
        // Every view here returns one uint256: its first 32-byte word.
        const word = (k: number) => BigInt(answers[i * CALLS_PER_WALLET + k]!.slice(0, WORD_HEX));
        p.resolve({
          wallet: p.wallet,
          blockNumber: block,
          usdcBalance: word(0),
          shareBalance: word(1),
          depositPipeAllowance: word(2),
          maxDeposit: word(3),
          maxRedeem: word(4),
          maxWithdraw: word(5),
          nativeBalance: word(6),
          shareValue: word(7),
        });
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  function enqueue(block: number, wallet: string): Promise<PositionState> {
    return new Promise((resolve, reject) => {
      const queue = queues.get(block) ?? [];
      queue.push({ wallet, resolve, reject });
      queues.set(block, queue);
      if (queue.length === 1) setTimeout(() => void flush(block), batchWindowMs);
      else if (queue.length >= maxBatch) void flush(block);
    });
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
