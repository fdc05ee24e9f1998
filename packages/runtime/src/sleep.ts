/**
 * Waits `ms`, or less when `signal` aborts first: a stopping service stops waiting at once, and the wait resolves
 * either way, never rejects. The abort listener goes with the wait, so polling loops never pile them up.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
