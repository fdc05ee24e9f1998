import type { Provider } from 'ethers';
import type { BlockTag } from './eth-call';
import { aggregateOn, type Aggregate, type RawCall } from './multicall';
import type { Aggregate3Result } from './multicall-codec';

export interface SharedAggregateOptions {
  /** How long the first read of a batch waits for others at the same block tag; 0: each read its own eth_call. */
  windowMs: number;
  /** Calls per eth_call at most: a full batch goes at once, and later reads start the next. */
  maxCalls?: number;
}

interface Waiting {
  calls: readonly RawCall[];
  resolve: (results: Aggregate3Result[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Keeps a node's eth_call gas cap far off: a quote's read is a handful of calls, each a few tens of thousands of gas.
 */
const MAX_CALLS = 100;

/**
 * Reads made within `windowMs` at the same block tag share ONE aggregate3 eth_call, each getting back the answers
 * to its own calls. A node runs each eth_call of a JSON-RPC batch on its own: on the devnet, concurrent quotes'
 * reads cost it about a quarter less CPU as one aggregate3 than as a batch of eth_calls. Every call of
 * a shared batch allows failure: one reader's revert is its own answer (readViewsAndChecks fails that read alone),
 * never its neighbours'. A transport failure fails every read of the batch, as it would have failed each.
 */
export function sharedAggregate(
  provider: Provider,
  multicall3: string,
  options: SharedAggregateOptions,
): Aggregate {
  const alone = aggregateOn(provider, multicall3);
  if (options.windowMs <= 0) return alone;
  const maxCalls = options.maxCalls ?? MAX_CALLS;
  const open = new Map<string, { reads: Waiting[]; calls: number }>();

  async function send(blockTag: BlockTag, reads: Waiting[]): Promise<void> {
    const calls = reads.flatMap((read) => read.calls.map((call) => ({ ...call, allowFailure: true })));
    try {
      const results = await alone(calls, blockTag);
      let at = 0;
      for (const read of reads) {
        read.resolve(results.slice(at, at + read.calls.length));
        at += read.calls.length;
      }
    } catch (error) {
      for (const read of reads) read.reject(error);
    }
  }

  function flush(key: string, blockTag: BlockTag): void {
    const batch = open.get(key);
    if (!batch) return;
    open.delete(key);
    void send(blockTag, batch.reads);
  }

  return (calls, blockTag) =>
    new Promise((resolve, reject) => {
      const key = String(blockTag);
      let batch = open.get(key);
      if (batch && batch.calls + calls.length > maxCalls) {
        flush(key, blockTag);
        batch = undefined;
      }
      if (!batch) {
        const started = { reads: [] as Waiting[], calls: 0 };
        open.set(key, started);
        batch = started;
        setTimeout(() => {
          if (open.get(key) === started) flush(key, blockTag);
        }, options.windowMs);
      }
      batch.reads.push({ calls, resolve, reject });
      batch.calls += calls.length;
    });
}
