import { backoffMs } from '@yv/domain';
import { sleep } from '@yv/runtime';
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

/** Runs `fn` until it succeeds, fails with an error `retryIf` rejects, or runs out of attempts. */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const retryIf = options.retryIf ?? shouldRetry;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt + 1 >= attempts || !retryIf(error) || options.signal?.aborted) throw error;
      // Full jitter: replicas whose calls failed together spread their retries over the whole delay.
      const delay = backoffMs(
        { baseMs: options.baseDelayMs ?? 200, maxMs: options.maxDelayMs ?? 5_000, jitter: 'full' },
        attempt,
        Math.random(),
      );
      options.onRetry?.(error, attempt + 1, delay);
      await sleep(delay, options.signal);
    }
  }
}
