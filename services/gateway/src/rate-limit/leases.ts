import { leaseSize } from '@yv/domain';

/** Redis's answer to taking `points` of a key's window. */
export interface WindowTake {
  allowed: boolean;
  /** Points taken: those asked for, or fewer when only fewer fitted. */
  taken: number;
  /** Points left in Redis's window after this take (0 when refused). */
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

export interface LeasedTake {
  allowed: boolean;
  /** What the client may still send this window: Redis's remaining points plus what this replica holds. */
  remaining: number;
  resetMs: number;
}

interface Lease {
  /** Requests taken from Redis and not yet served. */
  held: number;
  /** Redis's remaining points after the last take. */
  remaining: number;
  windowEndsAt: number;
}

/** Past this many keys, leases of ended windows are dropped (one client address each on the public routes). */
const PRUNE_AT = 50_000;

/**
 * Serves requests from budget taken from Redis in leases (leaseSize), so most requests cost no Redis round trip.
 * Concurrent requests of one key that find its lease empty wait for one take instead of each making their own. A
 * lease ends with its window: what it held goes unused, as the window's quota is whole again.
 * @param take Redis's fixed window: takes `points` of `key`, or none when fewer are left (`give back` semantics are
 *   the caller's), and throws when Redis does not answer.
 */
export function createLeases(take: (key: string, points: number) => Promise<WindowTake>) {
  const leases = new Map<string, Lease>();
  /** The take in flight per key: a refusal, or null once the lease is refilled. */
  const taking = new Map<string, Promise<LeasedTake | null>>();

  const prune = (now: number) => {
    if (leases.size < PRUNE_AT) return;
    for (const [key, lease] of leases) if (lease.windowEndsAt <= now) leases.delete(key);
  };

  async function refill(key: string, quota: number): Promise<LeasedTake | null> {
    const now = Date.now();
    const current = leases.get(key);
    const known = current && current.windowEndsAt > now ? current.remaining : quota;
    const points = Math.max(1, Math.min(leaseSize(quota), known));
    const answer = await take(key, points);
    if (!answer.allowed) return { allowed: false, remaining: 0, resetMs: answer.resetMs };
    prune(now);
    leases.set(key, { held: answer.taken, remaining: answer.remaining, windowEndsAt: now + answer.resetMs });
    return null;
  }

  return async function takeOne(key: string, quota: number): Promise<LeasedTake> {
    for (;;) {
      const now = Date.now();
      const lease = leases.get(key);
      if (lease && lease.windowEndsAt > now && lease.held > 0) {
        lease.held -= 1;
        return { allowed: true, remaining: lease.remaining + lease.held, resetMs: lease.windowEndsAt - now };
      }
      const inFlight = taking.get(key);
      if (inFlight) {
        // Another request is taking for this key: look again once it has (taking anew if it left nothing).
        await inFlight;
        continue;
      }
      const mine = refill(key, quota).finally(() => taking.delete(key));
      taking.set(key, mine);
      const refused = await mine;
      if (refused) return refused;
    }
  };
}
