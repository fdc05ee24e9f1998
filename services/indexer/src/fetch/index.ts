import { setImmediate as ioTurn } from 'node:timers/promises';
import { RpcError, type BlockHeader, type DecodedLog, type RawLog, type RpcClient } from '@yv/chain';

/** What one fetch returns: every followed log of [from, to] and the headers the later stages need. */
export interface FetchedRange {
  readonly from: bigint;
  readonly to: bigint;
  /**
   * How many logs the node answered: what the next range is sized by. The raw logs themselves are not kept: they
   * are a range's bulk, held through its write while the next range's arrive, and every one of them the young
   * generation's collections would copy again.
   */
  readonly logCount: number;
  /** The logs decoded by the layout: done while the node answers for the headers. */
  readonly decoded: readonly DecodedLog[];
  /**
   * By number: `from`, `to`, every block above `confirmed`, and every block with a log that does not carry its
   * block's timestamp (`DecodedLog.blockTimestamp`).
   */
  readonly headers: ReadonlyMap<bigint, BlockHeader>;
}

/** The chain changed under a fetch (a log's block hash is not its header's): fetch again on the next tick. */
export class InconsistentRangeError extends Error {
  override readonly name = 'InconsistentRangeError';
}

export interface RangeFetcher {
  /**
   * Fetches [from, min(upTo, from + range - 1)], halving the range while the node refuses it. Takes the range
   * prefetched from `from` instead when it still fits: same `from`, within `upTo`, headers from at or below
   * `confirmed`, and its first block is `first` (the header the caller just checked against the stored chain).
   */
  fetch(from: bigint, upTo: bigint, confirmed: bigint, first?: BlockHeader): Promise<FetchedRange>;
  /**
   * Starts fetching the range from `from` in the background, for the next fetch to take: the writer stores one
   * range while the node answers for the next. Only reads the chain; a failed or stale prefetch is dropped.
   * One at a time: while one is pending, a second call gets that one's result.
   * @returns the prefetched range once it is there (null when it failed), to prepare it ahead too.
   */
  prefetch(from: bigint, upTo: bigint, confirmed: bigint): Promise<FetchedRange | null>;
  /** Current range width, for logs and tests. */
  readonly range: number;
}

/**
 * Logs one range should carry: small enough that writing one overlaps fetching the next, big enough to batch. A
 * backfill's first fetch and last write overlap nothing, so they should be short
 * (figures: docs/performance.md#target_logs_per_range).
 */
export const TARGET_LOGS_PER_RANGE = 2_500;

/**
 * How much wider the next range may be than the last. After an answer with logs, eightfold: its density still caps
 * the width, and a backfill reaches full ranges in a few answers instead of a dozen, each a step with its own head
 * read and transaction. After an empty answer, which says nothing of the blocks ahead, only twofold: a dense stretch
 * after a run of empty blocks is met with a range twice as wide as that run, not eight times.
 */
export const RANGE_GROWTH = { afterLogs: 8, afterEmpty: 2 } as const;

/**
 * The width of the next range after an answer of `answer.logs` logs over `answer.width` blocks fetched with
 * `current`: grown by `RANGE_GROWTH`, but never wider than the answer's density says carries about `targetLogs`,
 * nor than `maxRange`, nor under one block.
 */
export function nextRangeWidth(
  current: number,
  answer: { readonly width: number; readonly logs: number },
  limits: { readonly targetLogs: number; readonly maxRange: number },
): number {
  const fitting = answer.logs === 0 ? Infinity : (answer.width * limits.targetLogs) / answer.logs;
  const growth = answer.logs === 0 ? RANGE_GROWTH.afterEmpty : RANGE_GROWTH.afterLogs;
  return Math.max(1, Math.min(limits.maxRange, current * growth, Math.floor(fitting)));
}

interface Prefetch {
  readonly from: bigint;
  readonly confirmed: bigint;
  readonly result: Promise<FetchedRange | null>;
}

/**
 * Adaptive block ranges: start at one block and grow by `RANGE_GROWTH` after each answer, up to `maxRange`, but
 * never wider than the last answer's density says carries about `targetLogs` logs; a refused range (or an answer
 * too large) halves it. Dense stretches of blocks get short ranges, so writing one overlaps fetching the next
 * without a long wait at either end, and sparse stretches grow back to `maxRange`.
 */
export function createRangeFetcher(args: {
  rpc: RpcClient;
  addresses: readonly string[];
  /** topic0 of the followed events (the layout's). */
  topics: readonly string[];
  maxRange: number;
  /** The layout's log decoder. */
  decodeLogs: (logs: readonly RawLog[]) => DecodedLog[];
  targetLogs?: number;
}): RangeFetcher {
  const targetLogs = args.targetLogs ?? TARGET_LOGS_PER_RANGE;
  let range = 1;
  let ahead: Prefetch | null = null;

  async function fetchOnce(from: bigint, to: bigint, confirmed: bigint): Promise<FetchedRange> {
    const wanted = new Set<bigint>([from, to]);
    for (let n = confirmed + 1n > from ? confirmed + 1n : from; n <= to; n++) wanted.add(n);
    const { logs, blocks: known } = await args.rpc.getLogsAndBlocks(
      { fromBlock: from, toBlock: to, address: args.addresses, topic0: args.topics },
      [...wanted],
    );
    const headers = new Map<bigint, BlockHeader>();
    const put = (h: BlockHeader | null): void => {
      if (!h) throw new InconsistentRangeError('a block of the range is not on the node (chain rewound?)');
      headers.set(h.number, h);
    };
    known.forEach(put);
    for (const log of logs)
      if (log.removed)
        throw new InconsistentRangeError(`log ${log.transactionHash}:${log.logIndex} was removed`);
    // Only logs the node does not date need their block's header (the devnet's EDR 0.12 dates none).
    const undated = new Set<bigint>();
    for (const log of logs) if (log.blockTimestamp == null) undated.add(BigInt(log.blockNumber));
    const missing = [...undated].filter((n) => !headers.has(n));
    const missingHeaders = args.rpc.getBlocks(missing);
    // Awaited below; should the decode throw first, its failure would otherwise be an unhandled rejection, which
    // ends the process where the step's own failure is retried.
    missingHeaders.catch(() => undefined);
    // The header request goes out first; the logs are decoded while the node answers it.
    await ioTurn();
    const decoded = args.decodeLogs(logs);
    (await missingHeaders).forEach(put);
    for (const log of decoded) {
      const header = headers.get(log.blockNumber);
      if (header && header.hash !== log.blockHash)
        throw new InconsistentRangeError(`block ${log.blockNumber} changed while its logs were fetched`);
    }
    return { from, to, logCount: logs.length, decoded, headers };
  }

  async function fetchWidth(from: bigint, upTo: bigint, confirmed: bigint): Promise<FetchedRange> {
    for (;;) {
      const to = from + BigInt(range) - 1n < upTo ? from + BigInt(range) - 1n : upTo;
      try {
        const fetched = await fetchOnce(from, to, confirmed);
        const answer = { width: Number(fetched.to - fetched.from + 1n), logs: fetched.logCount };
        range = nextRangeWidth(range, answer, { targetLogs, maxRange: args.maxRange });
        return fetched;
      } catch (error) {
        if (!(error instanceof RpcError && error.kind === 'range') || range === 1) throw error;
        range = Math.max(1, Math.floor(range / 2));
      }
    }
  }

  /**
   * The next range from `from`. An answer without logs is joined with the range after it, up to `maxRange` blocks
   * in all: a run of empty blocks costs a round trip each, not a step with its head read and transaction.
   */
  async function fetchAdaptive(from: bigint, upTo: bigint, confirmed: bigint): Promise<FetchedRange> {
    const last = from + BigInt(args.maxRange) - 1n < upTo ? from + BigInt(args.maxRange) - 1n : upTo;
    let fetched = await fetchWidth(from, last, confirmed);
    while (fetched.logCount === 0 && fetched.to < last) {
      const next = await fetchWidth(fetched.to + 1n, last, confirmed);
      fetched = { ...next, from, headers: new Map([...fetched.headers, ...next.headers]) };
    }
    return fetched;
  }

  /** The prefetched range if it answers this fetch; awaited either way, so two fetches never overlap. */
  async function takeAhead(
    from: bigint,
    upTo: bigint,
    confirmed: bigint,
    first: BlockHeader | undefined,
  ): Promise<FetchedRange | null> {
    const pending = ahead;
    ahead = null;
    if (!pending) return null;
    const fetched = await pending.result;
    const fits =
      fetched !== null &&
      pending.from === from &&
      fetched.to <= upTo &&
      pending.confirmed <= confirmed &&
      (first === undefined || fetched.headers.get(from)?.hash === first.hash);
    return fits ? fetched : null;
  }

  return {
    get range() {
      return range;
    },
    async fetch(from, upTo, confirmed, first) {
      return (await takeAhead(from, upTo, confirmed, first)) ?? fetchAdaptive(from, upTo, confirmed);
    },
    prefetch(from, upTo, confirmed) {
      if (ahead) return ahead.result;
      // A failure here is the next fetch's to meet again and report; the prefetch itself stays silent.
      const result = fetchAdaptive(from, upTo, confirmed).catch(() => null);
      ahead = { from, confirmed, result };
      return result;
    },
  };
}
