export interface Loop {
  /** Stops scheduling and waits for a run in progress to end. */
  stop(): Promise<void>;
}

/**
 * Runs `step` again and again: at once when it reports more work (`true`), else after `intervalMs`. A failed step
 * is reported and the loop goes on: Postgres or Redis being away for a while must not end the worker.
 */
export function startLoop(
  step: () => Promise<boolean | void>,
  intervalMs: number,
  onError: (error: unknown) => void,
): Loop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = (): void => {
    running = step().then(
      (more) => schedule(more === true ? 0 : intervalMs),
      (error: unknown) => {
        onError(error);
        schedule(intervalMs);
      },
    );
  };
  const schedule = (delayMs: number): void => {
    if (stopped) return;
    timer = setTimeout(run, delayMs);
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Settles with `promise`, or rejects after `ms`: a Redis that is down must not hang a caller forever. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms}ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
