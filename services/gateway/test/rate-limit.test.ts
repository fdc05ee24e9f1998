// layouts: both
import request from 'supertest';
import { createServiceMetrics } from '@yv/metrics';
import { buildOpenApi } from '@yv/schemas';
import { clearRateLimit, revokeKey, setRateLimit } from '../src/admin/commands';
import { apiKeyPrefix } from '../src/auth/keys';
import { createGatewayApp } from '../src/server';
import { useTestGateway } from './support/gateway';
import { createTestPartner, expectError } from './support/partner';

// 2 s windows, 90 a minute: 3 requests a window, so a refusal clears within about two seconds.
const gw = useTestGateway({
  env: {
    RATE_LIMIT_WINDOW: '2s',
    RATE_LIMIT_PARTNER_PER_MINUTE: '90',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '90',
    RATE_LIMIT_OVERRIDE_CACHE_MS: '0',
    TRUST_PROXY: 'loopback',
  },
});

const KEYS = '/api/v1/partner/api-keys';
const DEPOSIT = '/api/v1/actions/deposit/quote';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const partnerGet = (apiKey: string) => request(gw.app).get(KEYS).set('authorization', `Bearer ${apiKey}`);
const quoteFrom = (address: string, app = gw.app) =>
  request(app)
    .post(DEPOSIT)
    .set('x-forwarded-for', address)
    .send({ amountRaw: '1000000', account: gw.vault.wallets[0]!.address });

function remaining(res: request.Response): number {
  const match = /^"(partner|public)";r=(\d+);t=(\d+)$/.exec(String(res.headers['ratelimit']));
  if (!match) throw new Error(`no RateLimit header: ${String(res.headers['ratelimit'])}`);
  return Number(match[2]);
}

/** Asserts the refusal: 429, the envelope, every header; returns Retry-After in seconds. */
function expectRefused(res: request.Response, policy: 'partner' | 'public'): number {
  expect(expectError(res, 429, 'BAD_REQUEST')).toBe(
    `rate limit of 3 requests per 2 s for this ${policy === 'partner' ? 'partner' : 'client address'} exceeded; retry after the Retry-After header's seconds`,
  );
  expect(res.headers['ratelimit-policy']).toBe(`"${policy}";q=3;w=2`);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(2);
  expect(res.headers['ratelimit']).toBe(`"${policy}";r=0;t=${retryAfter}`);
  return retryAfter;
}

async function refusals(labels: Record<string, string>): Promise<number> {
  const metric = await gw.ctx.metrics.registry.getSingleMetric('svc_gateway_rate_limited_total')?.get();
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return value?.value ?? 0;
}

describe('rate limits', () => {
  it('refuses one partner over its budget with 429 and the headers, never another, and gives it back', async () => {
    const a = await createTestPartner(gw.pool, 'bursty');
    const b = await createTestPartner(gw.pool, 'calm');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await partnerGet(a.apiKey));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"partner";q=3;w=2');
    }
    expect(answers.map(remaining)).toEqual([2, 1, 0]);
    const retryAfter = expectRefused(await partnerGet(a.apiKey), 'partner');

    // The same second: the other partner has its own bucket.
    const calm = await partnerGet(b.apiKey);
    expect(calm.status).toBe(200);
    expect(remaining(calm)).toBe(2);

    expect(await refusals({ route: KEYS, policy: 'partner', partner: a.partnerId })).toBe(1);
    await sleep(retryAfter * 1000);
    const back = await partnerGet(a.apiKey);
    expect(back.status).toBe(200);
    expect(remaining(back)).toBe(2);
  });

  it("uses a partner's own limit from `pnpm admin limits set` until it is cleared", async () => {
    const partner = await createTestPartner(gw.pool, 'big');
    await setRateLimit(gw.pool, { partnerId: partner.partnerId, perMinute: 300 });
    const res = await partnerGet(partner.apiKey);
    expect(res.headers['ratelimit-policy']).toBe('"partner";q=10;w=2');
    expect(remaining(res)).toBe(9);
    expect(await clearRateLimit(gw.pool, { partnerId: partner.partnerId })).toEqual({
      partnerId: partner.partnerId,
      cleared: true,
    });
    // The default again, counting what was already spent this window.
    const after = await partnerGet(partner.apiKey);
    expect(after.headers['ratelimit-policy']).toBe('"partner";q=3;w=2');
    expect(remaining(after)).toBe(1);

    await setRateLimit(gw.pool, { partnerId: partner.partnerId, perMinute: 0 });
    const unlimited = await partnerGet(partner.apiKey);
    expect(unlimited.status).toBe(200);
    expect(unlimited.headers['ratelimit']).toBeUndefined();
  });

  it('refuses an address over the public budget on quotes, never another address, and gives it back', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await quoteFrom('203.0.113.7'));
    for (const res of answers) expect(res.status).toBe(200);
    expect(answers.map(remaining)).toEqual([2, 1, 0]);
    const retryAfter = expectRefused(await quoteFrom('203.0.113.7'), 'public');

    const other = await quoteFrom('203.0.113.8');
    expect(other.status).toBe(200);
    expect(remaining(other)).toBe(2);
    expect(await refusals({ route: DEPOSIT, policy: 'public', partner: 'anonymous' })).toBe(1);

    await sleep(retryAfter * 1000);
    const back = await quoteFrom('203.0.113.7');
    expect(back.status).toBe(200);
    expect(remaining(back)).toBe(2);
  });

  it("limits a public read called with a partner key on the partner's budget, not the address's", async () => {
    const partner = await createTestPartner(gw.pool, 'poller');
    await setRateLimit(gw.pool, { partnerId: partner.partnerId, perMinute: 300 });
    const redeems = `/api/v1/wallets/${gw.vault.wallets[0]!.address}/redeems`;
    const read = (apiKey?: string) => {
      const req = request(gw.app).get(redeems).set('x-forwarded-for', '203.0.113.50');
      return apiKey === undefined ? req : req.set('authorization', `Bearer ${apiKey}`);
    };
    // Six reads from one address: past its public budget of 3, all on the partner's 10.
    const withKey = [];
    for (let i = 0; i < 6; i++) withKey.push(await read(partner.apiKey));
    for (const res of withKey) {
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"partner";q=10;w=2');
    }
    expect(withKey.map(remaining)).toEqual([9, 8, 7, 6, 5, 4]);
    // The partner budget is one: its partner routes spend the same bucket.
    expect(remaining(await partnerGet(partner.apiKey))).toBe(3);

    // The same address without a key still has its whole public budget, and then is refused.
    const anonymous = [];
    for (let i = 0; i < 3; i++) anonymous.push(await read());
    expect(anonymous.map(remaining)).toEqual([2, 1, 0]);
    expectRefused(await read(), 'public');
    expect((await read(partner.apiKey)).status).toBe(200);
    expect(await refusals({ route: '/api/v1/wallets/{address}/redeems', policy: 'public' })).toBe(1);
  });

  it('answers a wrong or revoked Bearer key on a public route 401, and ignores other schemes', async () => {
    const partner = await createTestPartner(gw.pool, 'revoked');
    const read = (authorization?: string) => {
      const req = request(gw.app)
        .get(`/api/v1/wallets/${gw.vault.wallets[0]!.address}/activity`)
        .set('x-forwarded-for', '203.0.113.60');
      return authorization === undefined ? req : req.set('authorization', authorization);
    };
    expect((await read(`Bearer ${partner.apiKey}`)).status).toBe(200);
    await revokeKey(gw.pool, { partnerId: partner.partnerId, keyPrefix: apiKeyPrefix(partner.apiKey)! });
    for (const header of [`Bearer ${partner.apiKey}`, 'Bearer not-a-key', 'bearer x', 'Bearer']) {
      const res = await read(header);
      expectError(res, 401, 'PARTNER_UNAUTHORIZED');
      expect(res.headers['ratelimit']).toBeUndefined();
    }
    const basic = await read('Basic dXNlcjpwYXNz');
    expect(basic.status).toBe(200);
    expect(basic.headers['ratelimit-policy']).toBe('"public";q=3;w=2');
    // Unlimited routes never look at the header; the cron route keeps its own secret.
    expect(
      (await request(gw.app).get('/api/v1/health').set('authorization', 'Bearer not-a-key')).status,
    ).not.toBe(401);
    const cron = await request(gw.app)
      .post('/api/cron/webhooks')
      .set('authorization', `Bearer ${partner.apiKey}`);
    expect(cron.status).toBe(401);
    expect(cron.headers['ratelimit']).toBeUndefined();
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: every address shares the peer bucket', async () => {
    // The same context (and buckets) behind a second app, with its own registry for the app's request metrics.
    const untrusting = createGatewayApp({
      ...gw.ctx,
      metrics: createServiceMetrics('gateway'),
      config: { ...gw.ctx.config, TRUST_PROXY: undefined },
    });
    const first = await request(untrusting).get('/api/v1/config').set('x-forwarded-for', '198.51.100.1');
    const second = await request(untrusting).get('/api/v1/config').set('x-forwarded-for', '198.51.100.2');
    expect(remaining(second)).toBe(remaining(first) - 1);
  });

  it('leaves health, probes, the documents and the cron route unlimited', async () => {
    for (let i = 0; i < 5; i++)
      await request(gw.app).get('/api/v1/config').set('x-forwarded-for', '192.0.2.1');
    for (const path of ['/api/v1/health', '/api/v1/openapi.json', '/docs', '/livez', '/readyz']) {
      const res = await request(gw.app).get(path).set('x-forwarded-for', '192.0.2.1');
      expect({ path, status: res.status, header: res.headers['ratelimit'] }).toEqual({
        path,
        status: res.status === 503 ? 503 : 200,
        header: undefined,
      });
    }
    const cron = await request(gw.app).post('/api/cron/webhooks').set('x-forwarded-for', '192.0.2.1');
    expect(cron.status).toBe(401);
    expect(cron.headers['ratelimit']).toBeUndefined();
  });

  it('documents the 429 and the headers on every limited operation and on no other', () => {
    const doc = buildOpenApi({ serverUrl: 'http://x' });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const limited =
          path.startsWith('/api/v1/') && !['/api/v1/health', '/api/v1/openapi.json'].includes(path);
        expect({ path, method, has429: '429' in op.responses }).toEqual({ path, method, has429: limited });
        // A limited public route takes an optional partner key, whose budget then applies.
        if (limited && !path.startsWith('/api/v1/partner/'))
          expect({ path, security: op.security, has401: '401' in op.responses }).toEqual({
            path,
            security: [{}, { partnerKey: [] }],
            has401: true,
          });
      }
    }
    const ok = doc.paths[KEYS]?.get?.responses['200'] as { headers?: Record<string, unknown> };
    expect(Object.keys(ok.headers ?? {})).toEqual(['RateLimit-Policy', 'RateLimit']);
  });
});
