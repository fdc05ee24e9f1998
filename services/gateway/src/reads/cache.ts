/**
 * A value loaded at most once per `ttlMs`, however many requests want it: concurrent callers share the load in
 * flight, and a failed load is never kept (the next caller tries again), nor a value `keep` refuses (a load that
 * answers its own failures). `ttlMs` 0 shares only the load in flight.
 */
export function cached<T>(
  ttlMs: number,
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): () => Promise<T> {
  let kept: { value: Promise<T>; at: number } | null = null;
  return () => {
    const now = Date.now();
    if (kept && (now - kept.at < ttlMs || kept.at === -1)) return kept.value;
    const entry = { value: load(), at: -1 };
    kept = entry;
    entry.value.then(
      (value) => {
        entry.at = Date.now();
        if ((ttlMs === 0 || !keep(value)) && kept === entry) kept = null;
      },
      () => {
        if (kept === entry) kept = null;
      },
    );
    return entry.value;
  };
}

/**
 * `cached` per key, for per-wallet reads; `key` must include whatever makes an old value wrong (the indexer's
 * cursor, the block). At most `maxKeys` entries are kept, the oldest dropped first.
 */
export function cachedByKey<K, T>(
  ttlMs: number,
  maxKeys: number,
  load: (key: K) => Promise<T>,
  keyOf: (key: K) => string,
): (key: K) => Promise<T> {
  const entries = new Map<string, () => Promise<T>>();
  return (key) => {
    const id = keyOf(key);
    let entry = entries.get(id);
    if (!entry) {
      entry = cached(ttlMs, () => load(key));
      entries.set(id, entry);
      if (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
    }
    return entry();
  };
}

/**
 * `build` of the last arguments, built again only when one of `inputsOf` changed (compared with ===): a shared
 * section built from cached reads is then the same object, and its JSON the same string, until a read changes.
 */
export function builtOnce<A, T>(
  inputsOf: (args: A) => readonly unknown[],
  build: (args: A) => T,
): (args: A) => T {
  let last: { inputs: readonly unknown[]; value: T } | null = null;
  return (args) => {
    const inputs = inputsOf(args);
    const same =
      last !== null &&
      last.inputs.length === inputs.length &&
      inputs.every((input, i) => input === last!.inputs[i]);
    if (!same) last = { inputs, value: build(args) };
    return last!.value;
  };
}
