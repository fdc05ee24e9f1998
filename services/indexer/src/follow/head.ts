import type { ChainView, RpcClient } from '@yv/chain';

/**
 * A step's head read (the head, the chain id and the blocks it probes), which the step before can start while it
 * writes its range. The node answers one request at a time, and during a backfill it is busy with the ranges
 * fetched ahead: a head read asked for only when the step starts waits behind them, and the writer with it.
 */
export interface HeadReader {
  /** The view of these blocks: the one read ahead for them when there is one, else read now. */
  read(numbers: readonly bigint[]): Promise<ChainView>;
  /** Starts the next step's read of these blocks; a failed one is read again when asked for. */
  readAhead(numbers: readonly bigint[]): void;
}

export function createHeadReader(rpc: RpcClient): HeadReader {
  let ahead: { readonly key: string; readonly view: Promise<ChainView | null> } | null = null;
  const keyOf = (numbers: readonly bigint[]): string => numbers.join(',');
  return {
    async read(numbers) {
      const taken = ahead;
      ahead = null;
      const view = taken?.key === keyOf(numbers) ? await taken.view : null;
      return view ?? rpc.chainView(numbers);
    },
    readAhead(numbers) {
      ahead = { key: keyOf(numbers), view: rpc.chainView(numbers).catch(() => null) };
    },
  };
}
