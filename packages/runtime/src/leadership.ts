import type { Log } from './log';
import { sleep } from './sleep';

/** A lock that lives as long as one session (`openAdvisoryLockSession` of @yv/db: a dedicated connection). */
export interface LeaderLockSession {
  /** Takes the lock if free; true when this session holds it afterwards. */
  tryAcquire(): Promise<boolean>;
  /** Resolves once the session is gone, and the lock with it. */
  readonly lost: Promise<Error>;
  close(): Promise<void>;
}

/** What a term of leadership ended with: `resign` hands the lock back to compete again, `halt` stops for good. */
export type TermEnd = void | 'resign' | 'halt';

export interface LeadershipOptions {
  /** Names the lock in the log lines. */
  what: string;
  openSession(): Promise<LeaderLockSession>;
  /** How often a replica that does not lead tries the lock (and a failed session is opened again). */
  retryMs: number;
  /** Aborted when the service stops. */
  stopped: AbortSignal;
  log: Log;
  /** Runs while this replica leads; `term` aborts when the lock's session dies or the service stops. */
  lead(term: AbortSignal): Promise<TermEnd>;
  /** Told when this replica starts leading, and when it no longer does. */
  onLeader(leading: boolean): void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One leader among the replicas: each competes for a lock held by a session of its own; the holder runs a term, the
 * others retry. A leader that dies ends its session, which frees the lock, so a waiting replica takes over without
 * any cleanup; a leader whose session dies stops its term and competes again on a new session. Resolves once
 * `stopped` aborts (and the term in flight has ended) or a term ends with `halt`.
 */
export async function holdLeadership(options: LeadershipOptions): Promise<void> {
  const { log, retryMs, stopped, what } = options;
  while (!stopped.aborted) {
    let session: LeaderLockSession;
    try {
      session = await options.openSession();
    } catch (error) {
      log('warn', `cannot open the ${what} session; retrying`, { error: messageOf(error) });
      await sleep(retryMs, stopped);
      continue;
    }
    try {
      if ((await serveTerm(session, options)) === 'halt') return;
    } catch (error) {
      log('error', `${what} term failed; competing again`, { error: messageOf(error) });
      await sleep(retryMs, stopped);
    } finally {
      await session.close();
    }
  }
}

/** Waits for the lock on `session`, then leads until the term ends. */
async function serveTerm(session: LeaderLockSession, options: LeadershipOptions): Promise<TermEnd> {
  const lost = new AbortController();
  void session.lost.then((error) => lost.abort(error));
  const term = AbortSignal.any([options.stopped, lost.signal]);
  while (!term.aborted && !(await session.tryAcquire().catch(() => false)))
    await sleep(options.retryMs, term);
  if (term.aborted) return;
  options.onLeader(true);
  options.log('info', `${options.what} taken: leading`);
  try {
    return await options.lead(term);
  } finally {
    options.onLeader(false);
    if (lost.signal.aborted)
      options.log('warn', `${options.what} lost`, { error: messageOf(lost.signal.reason) });
  }
}
