/**
 * Gathers single calls into batches: calls made in one turn of the event loop, or while `maxInFlight` batches are
 * out, go out together as one `flush` of up to `maxBatch` items. Under load the requests of one turn share one round
 * trip instead of one each; a lone call waits only for `setImmediate`. The one batching primitive of the services;
 * the chain's two readers keep their own, for reasons docs/architecture.md#batching gives.
 */
export type Batched<I, O> = (item: I) => Promise<O>;

export interface BatchOptions {
  /** Items per flush at most (default 200). */
  maxBatch?: number;
  /** Flushes out at once (default unbounded): the calls made meanwhile gather for the next. */
  maxInFlight?: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** `flush` answers one result per item, in the items' order; if it throws, every call of that batch rejects. */
export function batched<I, O>(
  flush: (items: I[]) => Promise<O[]>,
  options: BatchOptions = {},
): Batched<I, O> {
  const maxBatch = options.maxBatch ?? 200;
  const maxInFlight = options.maxInFlight ?? Infinity;
  const waiting: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const settle = (batch: Waiting<I, O>[], results: O[]): void => {
    if (results.length !== batch.length) {
      const error = new Error(`a batch of ${batch.length} answered ${results.length} results`);
      for (const call of batch) call.reject(error);
      return;
    }
    batch.forEach((call, index) => call.resolve(results[index] as O));
  };

  const pump = (): void => {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      flush(batch.map((call) => call.item))
        .then(
          (results) => settle(batch, results),
          (error: unknown) => {
            for (const call of batch) call.reject(error);
          },
        )
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
