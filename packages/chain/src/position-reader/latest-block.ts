import type { Provider } from 'ethers';

/**
 * The chain's latest block number, asked at most once per `ttlMs` however many requests want it: reads are
 * pinned to one block and cached by it, so this is what makes "one read per wallet per block" possible.
 *
 * An answer older than `ttlMs` but younger than four times that is still served while a fresh one is asked for
 * in the background: otherwise every request arriving at expiry waits a whole node round trip before its own
 * read starts, which on a distant node doubles its latency.
 */
export function createLatestBlock(provider: Provider, ttlMs = 250): () => Promise<number> {
  let value: { block: number; at: number } | null = null;
  let inflight: Promise<number> | null = null;
  const refresh = (): Promise<number> => {
    inflight ??= provider
      .getBlockNumber()
      .then((reported) => {
        // Never backwards: with several endpoints (RPC_URLS) the one answering may be a block or two behind the
        // one that answered before, and a read pinned to the older block would undo what a partner was shown.
        const block = Math.max(reported, value?.block ?? 0);
        value = { block, at: Date.now() };
        return block;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  return () => {
    const age = value ? Date.now() - value.at : Infinity;
    if (age < ttlMs) return Promise.resolve(value!.block);
    if (age < 4 * ttlMs) {
      refresh().catch(() => undefined);
      return Promise.resolve(value!.block);
    }
    return refresh();
  };
}
