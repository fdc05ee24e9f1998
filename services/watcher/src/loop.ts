/**
 * A step repeated until stopped: `intervalMs` after a success, an exponential backoff with full jitter after a
 * failure (doubling from `intervalMs` up to `maxBackoffMs`), so a dead dependency is probed ever less often but
 * never given up on.
 */
export interface LoopOptions {
  name: string;
  intervalMs: number;
  /** Longest wait after consecutive failures. Default 30 s. */
  maxBackoffMs?: number;
  step: () => Promise<void>;
  onError: (name: string, error: unknown, failures: number) => void;
}

export interface Loop {
  /** Stops after the step in flight (if any) ends; resolves once it has. */
  stop(): Promise<void>;
}

export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, Math.max(baseMs, 100) * 2 ** Math.min(failures - 1, 20));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

export function startLoop(options: LoopOptions): Loop {
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  const run = async (): Promise<void> => {
    while (!stopped) {
      try {
        await options.step();
        failures = 0;
      } catch (error) {
        failures += 1;
        if (!stopped) options.onError(options.name, error, failures);
      }
      if (stopped) break;
      await sleep(
        failures === 0 ? options.intervalMs : backoffMs(failures, options.intervalMs, maxBackoffMs),
      );
    }
  };
  const done = run();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await done;
    },
  };
}
