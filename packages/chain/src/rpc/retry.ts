import { shouldRetry } from './errors';

export interface RetryOptions {
  /** Tries in all, the first included. Default 5. */
  attempts?: number;
  /** Delay before the second try, in ms; doubles each time. Default 200. */
  baseDelayMs?: number;
  /** Longest delay between tries, in ms. Default 5000. */
  maxDelayMs?: number;
  /** Called before each wait, with the error that caused it. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Decides which errors are retried. Default shouldRetry. */
  retryIf?: (error: unknown) => boolean;
  /** Stops waiting early (the service is stopping); the last error is thrown. */
  signal?: AbortSignal;
}

/** Full jitter: a uniform delay in [0, min(max, base * 2^attempt)], so replicas retrying together spread out. */
export function backoffDelay(
  attempt: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random = Math.random,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Runs `fn` until it succeeds, fails with an error `retryIf` rejects, or runs out of attempts. */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const retryIf = options.retryIf ?? shouldRetry;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt + 1 >= attempts || !retryIf(error) || options.signal?.aborted) throw error;
      const delay = backoffDelay(attempt, options.baseDelayMs ?? 200, options.maxDelayMs ?? 5_000);
      options.onRetry?.(error, attempt + 1, delay);
      await sleep(delay, options.signal);
    }
  }
}
