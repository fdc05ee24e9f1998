interface Waiting<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers the keys asked for during one turn of the event loop and loads them with one call (`load` answers the
 * values in the keys' order). Under load, the requests parsed in one turn share one round trip instead of one each;
 * a lone key waits only for `setImmediate`. A failed load fails every key of its batch, and only those.
 */
export function batchLoader<K, V>(
  load: (keys: K[]) => Promise<V[]>,
  opts: { maxBatch?: number } = {},
): (key: K) => Promise<V> {
  const maxBatch = opts.maxBatch ?? 200;
  let waiting: Waiting<K, V>[] = [];

  async function run(batch: Waiting<K, V>[]): Promise<void> {
    try {
      const values = await load(batch.map((w) => w.key));
      if (values.length !== batch.length)
        throw new Error(`a batch load answered ${values.length} values for ${batch.length} keys`);
      batch.forEach((w, i) => w.resolve(values[i]!));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  function flush(): void {
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i += maxBatch) void run(all.slice(i, i + maxBatch));
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
