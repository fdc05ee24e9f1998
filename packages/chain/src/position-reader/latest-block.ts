import type { Provider } from 'ethers';

/**
 * The chain's latest block number, asked at most once per `ttlMs` however many requests want it: reads are
 * pinned to one block and cached by it, so this is what makes "one read per wallet per block" possible.
 */
export function createLatestBlock(provider: Provider, ttlMs = 250): () => Promise<number> {
  let value: { block: number; at: number } | null = null;
  let inflight: Promise<number> | null = null;
  return () => {
    if (value && Date.now() - value.at < ttlMs) return Promise.resolve(value.block);
    if (!inflight) {
      inflight = provider
        .getBlockNumber()
        .then((block) => {
          value = { block, at: Date.now() };
          return block;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  };
}
