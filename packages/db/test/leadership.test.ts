import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import { holdLeadership, type Log, type TermEnd } from '../../runtime/src';
import { testServerUrl } from '../../testkit/src/database';
import { openAdvisoryLockSession } from '../src';

/** Replicas competing for one real advisory lock on the test server (a key of this file's own). */
const key = BigInt(randomInt(1, 2 ** 40));
const quiet: Log = () => undefined;

interface Replica {
  name: string;
  leading: boolean;
  terms: number;
  stop: AbortController;
  done: Promise<void>;
  /** Ends the current term as the test asks (resign or halt) instead of waiting for it to be aborted. */
  end(how: TermEnd): void;
}

function replica(name: string): Replica {
  const stop = new AbortController();
  let endTerm: ((how: TermEnd) => void) | undefined;
  const self: Replica = {
    name,
    leading: false,
    terms: 0,
    stop,
    done: Promise.resolve(),
    end: (how) => endTerm?.(how),
  };
  self.done = holdLeadership({
    what: 'test lock',
    openSession: () => openAdvisoryLockSession(testServerUrl(), key, `yv-test-${name}`),
    retryMs: 50,
    stopped: stop.signal,
    log: quiet,
    lead: (term) =>
      new Promise<TermEnd>((resolve) => {
        self.terms += 1;
        endTerm = resolve;
        term.addEventListener('abort', () => resolve(), { once: true });
      }),
    onLeader: (leading) => (self.leading = leading),
  });
  return self;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function killSessionOf(name: string): Promise<void> {
  const admin = new Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
      `yv-test-${name}`,
    ]);
  } finally {
    await admin.end();
  }
}

it('one replica leads; its lost session, resignation or stop hands the lock to the other; halt ends it', async () => {
  const a = replica('a');
  await until(() => a.leading, 'a to lead');
  const b = replica('b');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect([a.leading, b.leading]).toEqual([true, false]);

  // The leader's connection is cut: its term ends and both compete again, a on a new session; one of them wins.
  await killSessionOf('a');
  await until(() => b.leading || a.terms > 1, 'a new term after a lost its session');
  expect(a.leading && b.leading).toBe(false);

  // A resignation hands the lock back; a waiting replica may take it.
  b.end('resign');
  await until(() => a.leading || b.terms > 1, 'a term after the resignation');

  // A stopped replica ends its term and frees the lock.
  const leader = a.leading ? a : b;
  const other = leader === a ? b : a;
  leader.stop.abort();
  await leader.done;
  expect(leader.leading).toBe(false);
  await until(() => other.leading, 'the other to lead after the stop');

  // Halt stops competing for good, though nothing aborted.
  other.end('halt');
  await other.done;
  expect(other.leading).toBe(false);
  expect(other.stop.signal.aborted).toBe(false);
});
