import { ADVISORY_LOCKS, openAdvisoryLockSession, type AdvisoryLockSession } from '@yv/db';
import { sleep, type Log } from '@yv/runtime';
import { errorMessage } from '../context';

/** What runs while this replica holds the writer lock. */
export interface WriterTerm {
  stop(): Promise<void>;
}

export interface LeadOptions {
  databaseUrl: string;
  /** How often a waiting replica retries the lock. */
  retryMs: number;
  log: Log;
  /** Aborted when the watcher stops. */
  stopped: AbortSignal;
  startTerm(): WriterTerm;
  /** Told when this replica becomes the writer, and when it no longer is. */
  onWriter(writer: boolean): void;
}

const aborted = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

/** Waits for the lock on `session`, then runs a term until the session dies or the watcher stops. */
async function serveTerm(session: AdvisoryLockSession, options: LeadOptions): Promise<void> {
  const lost = new AbortController();
  void session.lost.then((error) => lost.abort(error));
  const over = AbortSignal.any([options.stopped, lost.signal]);
  let acquired = false;
  while (!over.aborted && !acquired) {
    acquired = await session.tryAcquire().catch(() => false);
    if (!acquired) await sleep(options.retryMs, over);
  }
  if (!acquired || over.aborted) return;
  options.onWriter(true);
  options.log('info', 'writer lock taken: watching');
  const term = options.startTerm();
  await aborted(over);
  await term.stop();
  options.onWriter(false);
  if (lost.signal.aborted)
    options.log('warn', 'writer lock lost', { error: errorMessage(lost.signal.reason) });
}

/**
 * Single writer: one replica at a time holds the advisory lock and runs a term; the others wait for it. A writer
 * that dies ends its session, which frees the lock, so a waiting replica takes over without any cleanup.
 * Resolves once `stopped` aborts and the term in flight has stopped.
 */
export async function leadAsWriter(options: LeadOptions): Promise<void> {
  while (!options.stopped.aborted) {
    let session: AdvisoryLockSession;
    try {
      session = await openAdvisoryLockSession(options.databaseUrl, ADVISORY_LOCKS.watcher, 'yv-watcher-lock');
    } catch (error) {
      options.log('warn', 'cannot open the writer lock session', { error: errorMessage(error) });
      await sleep(options.retryMs, options.stopped);
      continue;
    }
    await serveTerm(session, options);
    await session.close();
  }
}
