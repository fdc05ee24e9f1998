/**
 * Settles with `promise`, or rejects with `timeoutError()` after `ms`: a dependency that is down (Redis, a slow
 * read) must not hang its caller forever. The timer never outlives the race.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
