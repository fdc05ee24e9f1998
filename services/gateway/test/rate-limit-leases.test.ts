import pino from 'pino';
import { createServiceMetrics } from '@yv/metrics';
import { startOwnRedis, type OwnRedis } from '@yv/testkit';
import { createLimiter, type Limiter, type Take } from '../src/rate-limit/limiter';
import { createRateLimitMetrics } from '../src/rate-limit/metrics';

/**
 * Budgets are taken from Redis in leases of a twentieth of the quota: most requests cost no Redis call, the
 * headers still count down by one, and a replica whose lease no longer fits Redis's remainder takes what is left.
 */
let redis: OwnRedis;
const replicas: Limiter[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
});
afterAll(async () => {
  for (const limiter of replicas) await limiter.close();
  await redis.stop();
});

/** A new replica's Redis client connects in the background; until it has, every take fails open. */
async function connected(limiter: Limiter): Promise<Limiter> {
  while ((await limiter.take('public', 'warm-up', 1_000_000)).outcome === 'unchecked')
    await new Promise((resolve) => setTimeout(resolve, 20));
  return limiter;
}

function replica(prefix: string): Promise<Limiter> {
  const limiter = createLimiter({
    redisUrl: redis.url,
    prefix,
    windowSeconds: 60,
    timeoutMs: 1_000,
    log: pino({ level: process.env.DEBUG_RL ? 'warn' : 'silent' }),
    metrics: createRateLimitMetrics(createServiceMetrics('gateway')),
  });
  replicas.push(limiter);
  return connected(limiter);
}

/** Lua script calls Redis has answered: one per rate-limiter-flexible take. */
async function scriptCalls(): Promise<number> {
  const admin = redis.client();
  try {
    const stats = String(await admin.call('INFO', 'commandstats'));
    return [...stats.matchAll(/cmdstat_(?:eval|evalsha):calls=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  } finally {
    admin.disconnect();
  }
}

const remaining = (take: Take): number => (take.outcome === 'unchecked' ? -1 : take.state.remaining);

test('serves a busy key from leases: 100 requests at 600 a minute cost at most 4 Redis calls, counting down by one', async () => {
  const limiter = await replica('leases-busy');
  const before = await scriptCalls();
  const takes: Take[] = [];
  for (let i = 0; i < 100; i++) takes.push(await limiter.take('partner', 'p1', 600));
  expect(takes.every((t) => t.outcome === 'allowed')).toBe(true);
  expect(takes.map(remaining)).toEqual(Array.from({ length: 100 }, (_, i) => 599 - i));
  expect((await scriptCalls()) - before).toBeLessThanOrEqual(4);
});

test('answers concurrent requests of an empty lease with one Redis take', async () => {
  const limiter = await replica('leases-concurrent');
  const before = await scriptCalls();
  const takes = await Promise.all(Array.from({ length: 20 }, () => limiter.take('public', '10.0.0.1', 600)));
  expect(takes.every((t) => t.outcome === 'allowed')).toBe(true);
  expect((await scriptCalls()) - before).toBe(1);
});

test('a lease that no longer fits what another replica left takes the rest, then refuses', async () => {
  // 41 a minute: leases of 2. Replica A serves 40 requests (20 leases), leaving 1 point in Redis.
  const a = await replica('leases-shared');
  const b = await replica('leases-shared');
  for (let i = 0; i < 40; i++) expect((await a.take('partner', 'p2', 41)).outcome).toBe('allowed');
  // B asks for a lease of 2 where 1 is left: it gives the lease back and takes the one request.
  expect((await b.take('partner', 'p2', 41)).outcome).toBe('allowed');
  const refused = await a.take('partner', 'p2', 41);
  expect([refused.outcome, remaining(refused)]).toEqual(['refused', 0]);
  expect((await b.take('partner', 'p2', 41)).outcome).toBe('refused');
});
