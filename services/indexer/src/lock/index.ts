import { ADVISORY_LOCKS, openAdvisoryLockSession, type AdvisoryLockSession } from '@yv/db';
import { sleep } from '@yv/runtime';

export interface WriterLock {
  /** Resolves once this replica holds the lock, polling every `retryMs`; false if `signal` aborted first. */
  acquire(signal: AbortSignal): Promise<boolean>;
  /** Aborted when the lock's connection dies: the lock is gone, stop writing. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

/**
 * Single writer per chain: a second replica polls the advisory lock; when the first dies its session ends, the
 * lock is free, and the next poll wins.
 */
export function createWriterLock(args: {
  databaseUrl: string;
  chainId: number;
  retryMs?: number;
}): WriterLock {
  const lostController = new AbortController();
  let session: AdvisoryLockSession | null = null;

  return {
    lost: lostController.signal,
    async acquire(signal) {
      if (!session) {
        session = await openAdvisoryLockSession(
          args.databaseUrl,
          ADVISORY_LOCKS.indexer(args.chainId),
          'yv-indexer-lock',
        );
        void session.lost.then(() => lostController.abort());
      }
      while (!signal.aborted) {
        if (await session.tryAcquire()) return true;
        await sleep(args.retryMs ?? 1_000, signal);
      }
      return false;
    },
    async release() {
      const s = session;
      session = null;
      await s?.close();
    },
  };
}
