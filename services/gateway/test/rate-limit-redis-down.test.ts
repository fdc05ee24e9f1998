// layouts: both
import request from 'supertest';
import { startOwnRedis, type OwnRedis } from '@yv/testkit';
import { startTestGateway, type TestGateway } from './support/gateway';
import { createTestPartner } from './support/partner';

/**
 * Rate limits are a guard, not a dependency: with their Redis gone, limited routes still answer as they would
 * without limits (no 5xx, no wait on Redis), the fail-open is counted, and limits are back once Redis is.
 */
// Far above an answer of these routes, far below what a request waiting on a reconnect would take.
const ANSWER_BOUND_MS = 1_000;
let redis: OwnRedis;
let gw: TestGateway;
let apiKey: string;

beforeAll(async () => {
  redis = await startOwnRedis();
  gw = await startTestGateway({
    env: {
      REDIS_URL: redis.url,
      // Under 40 a minute a replica takes one request at a time from Redis (leaseSize): every request asks Redis.
      RATE_LIMIT_PARTNER_PER_MINUTE: '30',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '30',
    },
  });
  apiKey = (await createTestPartner(gw.pool)).apiKey;
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await redis?.stop();
});

const partnerRead = () =>
  request(gw.app)
    .get('/api/v1/partner/api-keys')
    .set('authorization', `Bearer ${apiKey}`)
    .timeout(ANSWER_BOUND_MS);
const publicRead = () => request(gw.app).get('/api/v1/config').timeout(ANSWER_BOUND_MS);

async function failOpens(): Promise<number> {
  const metric = await gw.ctx.metrics.registry
    .getSingleMetric('svc_gateway_rate_limit_fail_open_total')
    ?.get();
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
}

async function untilLimited(read: () => request.Test): Promise<request.Response> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await read();
    if (res.headers['ratelimit'] !== undefined || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('answers every request while the limiter Redis is down, in bounded time, and limits again once it is back', async () => {
  expect((await untilLimited(partnerRead)).headers['ratelimit-policy']).toBe('"partner";q=30;w=60');
  const publicStatus = (await untilLimited(publicRead)).status;

  await redis.stop();
  const before = await failOpens();
  const started = Date.now();
  for (let i = 0; i < 20; i++) {
    const partner = await partnerRead();
    expect({ status: partner.status, limited: partner.headers['ratelimit'] }).toEqual({
      status: 200,
      limited: undefined,
    });
    const anonymous = await publicRead();
    expect(anonymous.status).toBe(publicStatus);
    expect(anonymous.headers['ratelimit']).toBeUndefined();
  }
  // 40 requests: none waited on Redis.
  expect(Date.now() - started).toBeLessThan(40 * 100);
  expect((await failOpens()) - before).toBe(40);

  await redis.start();
  expect((await untilLimited(partnerRead)).headers['ratelimit-policy']).toBe('"partner";q=30;w=60');
});

test('does not wait on a Redis that hangs: the limiter call times out and the request goes on', async () => {
  await untilLimited(partnerRead);
  const admin = redis.client();
  try {
    // Every other client's commands now stall for 3 s, as on an overloaded or half-dead server.
    await admin.call('CLIENT', 'PAUSE', '3000', 'ALL');
    const before = await failOpens();
    const started = Date.now();
    const res = await partnerRead();
    expect({ status: res.status, limited: res.headers['ratelimit'] }).toEqual({
      status: 200,
      limited: undefined,
    });
    expect(Date.now() - started).toBeLessThan(500);
    expect((await failOpens()) - before).toBe(1);
  } finally {
    await admin.call('CLIENT', 'UNPAUSE');
    admin.disconnect();
  }
});
