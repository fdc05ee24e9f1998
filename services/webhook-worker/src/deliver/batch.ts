/**
 * Gathers single calls into batches: calls made while `maxInFlight` batches are running (or in the same turn of
 * the event loop) go out together as one `flush` of up to `maxBatch` items. A delivery's claim and its record are
 * each one Postgres statement per batch instead of one per delivery, which is what bounds throughput.
 */
export type Batched<I, O> = (item: I) => Promise<O>;

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** `flush` answers one result per item, in the items' order; if it throws, every call of that batch rejects. */
export function batched<I, O>(
  flush: (items: I[]) => Promise<O[]>,
  options: { maxBatch: number; maxInFlight: number },
): Batched<I, O> {
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
    while (waiting.length > 0 && inFlight < options.maxInFlight) {
      const batch = waiting.splice(0, options.maxBatch);
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
      if (!scheduled && inFlight < options.maxInFlight) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
