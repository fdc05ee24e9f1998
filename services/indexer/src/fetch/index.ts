import { RpcError, type BlockHeader, type RawLog, type RpcClient } from '@yv/chain';
import { EVENT_TOPICS } from '@yv/chain';

/** What one fetch returns: every followed log of [from, to] and the headers the later stages need. */
export interface FetchedRange {
  readonly from: bigint;
  readonly to: bigint;
  readonly logs: readonly RawLog[];
  /** By number: `from`, `to`, every block with a log, and every block above `confirmed`. */
  readonly headers: ReadonlyMap<bigint, BlockHeader>;
}

/** The chain changed under a fetch (a log's block hash is not its header's): fetch again on the next tick. */
export class InconsistentRangeError extends Error {
  override readonly name = 'InconsistentRangeError';
}

export interface RangeFetcher {
  /** Fetches [from, min(upTo, from + range - 1)], halving the range while the node refuses it. */
  fetch(from: bigint, upTo: bigint, confirmed: bigint): Promise<FetchedRange>;
  /** Current range width, for logs and tests. */
  readonly range: number;
}

const TOPIC0 = Object.values(EVENT_TOPICS);

/**
 * Adaptive block ranges: start at `maxRange`, halve on a refused range (or an answer too large), and double
 * back after each success so one dense stretch of blocks does not slow the rest of a backfill.
 */
export function createRangeFetcher(args: {
  rpc: RpcClient;
  addresses: readonly string[];
  maxRange: number;
}): RangeFetcher {
  let range = args.maxRange;

  async function fetchOnce(from: bigint, to: bigint, confirmed: bigint): Promise<FetchedRange> {
    const wanted = new Set<bigint>([from, to]);
    for (let n = confirmed + 1n > from ? confirmed + 1n : from; n <= to; n++) wanted.add(n);
    const [logs, known] = await Promise.all([
      args.rpc.getLogs({ fromBlock: from, toBlock: to, address: args.addresses, topic0: TOPIC0 }),
      args.rpc.getBlocks([...wanted]),
    ]);
    const headers = new Map<bigint, BlockHeader>();
    const put = (h: BlockHeader | null): void => {
      if (!h) throw new InconsistentRangeError('a block of the range is not on the node (chain rewound?)');
      headers.set(h.number, h);
    };
    known.forEach(put);
    const missing = [...new Set(logs.map((l) => BigInt(l.blockNumber)))].filter((n) => !headers.has(n));
    (await args.rpc.getBlocks(missing)).forEach(put);
    for (const log of logs) {
      if (log.removed)
        throw new InconsistentRangeError(`log ${log.transactionHash}:${log.logIndex} was removed`);
      if (headers.get(BigInt(log.blockNumber))!.hash !== log.blockHash.toLowerCase())
        throw new InconsistentRangeError(
          `block ${BigInt(log.blockNumber)} changed while its logs were fetched`,
        );
    }
    return { from, to, logs, headers };
  }

  return {
    get range() {
      return range;
    },
    async fetch(from, upTo, confirmed) {
      for (;;) {
        const to = from + BigInt(range) - 1n < upTo ? from + BigInt(range) - 1n : upTo;
        try {
          const fetched = await fetchOnce(from, to, confirmed);
          range = Math.min(args.maxRange, range * 2);
          return fetched;
        } catch (error) {
          if (!(error instanceof RpcError && error.kind === 'range') || range === 1) throw error;
          range = Math.max(1, Math.floor(range / 2));
        }
      }
    },
  };
}
