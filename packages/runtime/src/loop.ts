import { backoffMs } from '@yv/domain';
import { sleep } from './sleep';

/** A failed turn waits at least this long before the next, even in a loop that otherwise runs back to back. */
const MIN_BACKOFF_BASE_MS = 100;

export interface LoopOptions {
  /** One turn of work; `true` asks for the next turn at once (it found a full batch: more is waiting). */
  step: () => Promise<boolean | void>;
  /** Wait between turns. */
  intervalMs: number;
  /**
   * With it, consecutive failures wait an exponential backoff from `intervalMs` up to this, so a dead dependency is
   * probed ever less often but never given up on; without it a failed turn waits `intervalMs` like any other.
   */
  backoffMaxMs?: number;
  /** A failed turn, and how many have failed in a row; not called for a turn that fails once stop() was called. */
  onError: (error: unknown, failures: number) => void;
}

export interface Loop {
  /** Stops after the turn in flight (if any) ends; resolves once it has. */
  stop(): Promise<void>;
}

/**
 * Runs `step` again and again until stopped. A failed turn is reported and the loop goes on: Postgres, Redis or the
 * chain being away for a while must not end the service.
 */
export function startLoop(options: LoopOptions): Loop {
  const stopping = new AbortController();
  const waitAfter = (failures: number): number =>
    failures === 0 || options.backoffMaxMs === undefined
      ? options.intervalMs
      : backoffMs(
          { baseMs: Math.max(options.intervalMs, MIN_BACKOFF_BASE_MS), maxMs: options.backoffMaxMs },
          failures - 1,
          Math.random(),
        );

  const run = async (): Promise<void> => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      let more = false;
      try {
        more = (await options.step()) === true;
        failures = 0;
      } catch (error) {
        failures += 1;
        if (!stopping.signal.aborted) options.onError(error, failures);
      }
      await sleep(more ? 0 : waitAfter(failures), stopping.signal);
    }
  };
  const done = run();

  return {
    async stop() {
      stopping.abort();
      await done;
    },
  };
}
