import type { Provider } from 'ethers';
import { widenedWindowMs } from './batch-window';
import type { BlockTag } from './eth-call';
import { aggregateOn, type Aggregate, type RawCall } from './multicall';
import type { Aggregate3Result } from './multicall-codec';

export interface SharedAggregateOptions {
  /** How long the first read of a batch waits for others at the same block tag; 0: each read its own eth_call. */
  windowMs: number;
  /** Calls per eth_call at most: a full batch goes at once, and later reads start the next. */
  maxCalls?: number;
  /** Last round trip up to which a batch waits for the eth_call out (default `HOLD_BEHIND_MS`). */
  holdBehindMs?: number;
}

interface Batch {
  blockTag: BlockTag;
  reads: Waiting[];
  calls: number;
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
 * A batch whose window ends while an eth_call is out waits for it to answer, when the last one answered within this:
 * a near node answers one request after another, so the reads would only wait behind it there, and held here they
 * share the next eth_call. A far node's answer is mostly the network's time, which the reads would wait twice
 * (figures: docs/performance.md#hold_behind_ms).
 */
const HOLD_BEHIND_MS = 50;

/**
 * Reads made within `windowMs` at the same block tag share ONE aggregate3 eth_call, each getting back the answers
 * to its own calls. A node runs each eth_call of a JSON-RPC batch on its own, so one aggregate3 costs it less than a
 * batch of eth_calls (docs/performance.md#sharedaggregate). Every call of
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
  const holdBehindMs = options.holdBehindMs ?? HOLD_BEHIND_MS;
  const open = new Map<string, Batch>();
  // Block tags whose batch's window ended while an eth_call was out, in that order.
  const held = new Set<string>();
  let inFlight = 0;
  // Unknown until the first eth_call answers: nothing is held or widened before.
  let lastRoundTripMs: number | null = null;

  async function send(batch: Batch): Promise<void> {
    inFlight++;
    const calls = batch.reads.flatMap((read) => read.calls.map((call) => ({ ...call, allowFailure: true })));
    const started = Date.now();
    try {
      const results = await alone(calls, batch.blockTag);
      lastRoundTripMs = Date.now() - started;
      let at = 0;
      for (const read of batch.reads) {
        read.resolve(results.slice(at, at + read.calls.length));
        at += read.calls.length;
      }
    } catch (error) {
      for (const read of batch.reads) read.reject(error);
    } finally {
      inFlight--;
      const released = [...held];
      held.clear();
      for (const key of released) flush(key, 'now');
    }
  }

  /** Sends the batch open at `key`: `now`, or at its window's end unless it is held behind an eth_call out. */
  function flush(key: string, when: 'now' | 'window'): void {
    const batch = open.get(key);
    if (!batch) return;
    const near = lastRoundTripMs !== null && lastRoundTripMs <= holdBehindMs;
    if (when === 'window' && inFlight > 0 && near) {
      held.add(key);
      return;
    }
    open.delete(key);
    // Held no longer: a batch opened later at this tag waits for its own window, not for this one's release.
    held.delete(key);
    void send(batch);
  }

  return (calls, blockTag) =>
    new Promise((resolve, reject) => {
      const key = String(blockTag);
      let batch = open.get(key);
      if (batch && batch.calls + calls.length > maxCalls) {
        flush(key, 'now');
        batch = undefined;
      }
      if (!batch) {
        const started: Batch = { blockTag, reads: [], calls: 0 };
        open.set(key, started);
        batch = started;
        const windowMs = widenedWindowMs(options.windowMs, lastRoundTripMs ?? 0);
        setTimeout(() => {
          if (open.get(key) === started) flush(key, 'window');
        }, windowMs);
      }
      batch.reads.push({ calls, resolve, reject });
      batch.calls += calls.length;
    });
}
