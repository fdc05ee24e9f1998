// layouts: both
import request from 'supertest';
import { ConfigError } from '@yv/config';
import { createServiceMetrics } from '@yv/metrics';
import { loadGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/server';
import { useTestGateway } from './support/gateway';
import { createTestPartner } from './support/partner';

const APP = 'https://app.partner.example';
const gw = useTestGateway({
  env: { CORS_ORIGINS: `${APP}, http://localhost:5173`, RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' },
});

const ENV = { DATABASE_URL: 'postgres://127.0.0.1/x' };
const redeems = () => `/api/v1/wallets/${gw.vault.wallets[0]!.address}/redeems`;
const EXPOSED = 'X-Request-Id, RateLimit-Policy, RateLimit, Retry-After';
const corsHeaders = (res: request.Response) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => name.startsWith('access-control-')));
const preflight = (path: string, method: string, origin = APP) =>
  request(gw.app)
    .options(path)
    .set('origin', origin)
    .set('access-control-request-method', method)
    .set('access-control-request-headers', 'content-type');

/** The same context behind a second app with the default CORS_ORIGINS, its own registry for request metrics. */
const anyOriginApp = () =>
  createGatewayApp({
    ...gw.ctx,
    metrics: createServiceMetrics('gateway'),
    config: { ...gw.ctx.config, CORS_ORIGINS: '*' },
  });

describe('CORS on the credential-free reads and builders', () => {
  it('answers a preflight of a read and of a builder 204 with the methods, headers and max age', async () => {
    for (const [path, method] of [
      [redeems(), 'GET'],
      ['/api/v1/actions/deposit/quote', 'POST'],
    ] as const) {
      const res = await preflight(path, method);
      expect({ path, status: res.status, cors: corsHeaders(res), vary: res.headers['vary'] }).toEqual({
        path,
        status: 204,
        cors: {
          'access-control-allow-origin': APP,
          'access-control-allow-methods': method,
          'access-control-allow-headers': 'Content-Type, X-Request-Id',
          'access-control-max-age': '600',
          'access-control-expose-headers': EXPOSED,
        },
        vary: 'Origin',
      });
      // A preflight is not a request: it spends no rate-limit budget.
      expect(res.headers['ratelimit']).toBeUndefined();
    }
  });

  it('lets a listed origin read the answer and its headers, errors included, and names no other origin', async () => {
    const ok = await request(gw.app).get(redeems()).set('origin', 'http://localhost:5173');
    expect(ok.status).toBe(200);
    expect(corsHeaders(ok)).toEqual({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-expose-headers': EXPOSED,
    });
    expect(ok.headers['vary']).toBe('Origin');

    const refused = await request(gw.app)
      .post('/api/v1/actions/deposit/quote')
      .set('origin', APP)
      .send({ amountRaw: '1', account: 'nope' });
    expect(refused.status).toBe(400);
    expect(refused.headers['access-control-allow-origin']).toBe(APP);

    const stranger = await request(gw.app).get(redeems()).set('origin', 'https://evil.example');
    expect(stranger.status).toBe(200);
    expect(corsHeaders(stranger)).toEqual({});
    expect(stranger.headers['vary']).toBe('Origin');
    const strangerPreflight = await preflight('/api/v1/config', 'GET', 'https://evil.example');
    expect(strangerPreflight.status).toBe(204);
    expect(corsHeaders(strangerPreflight)).toEqual({});
  });

  it('sends no CORS header on partner, cron and undocumented routes, preflights included', async () => {
    const { apiKey } = await createTestPartner(gw.pool, 'cors');
    const app = anyOriginApp();
    const answers = [
      await request(app)
        .options('/api/v1/partner/actions')
        .set('origin', APP)
        .set('access-control-request-method', 'GET'),
      await request(app)
        .get('/api/v1/partner/actions')
        .set('origin', APP)
        .set('authorization', `Bearer ${apiKey}`),
      await request(app)
        .options('/api/cron/webhooks')
        .set('origin', APP)
        .set('access-control-request-method', 'POST'),
      await request(app).post('/api/cron/webhooks').set('origin', APP),
      await request(app).get('/docs').set('origin', APP),
      await request(app).get('/api/v1/nothing-here').set('origin', APP),
    ];
    answers.forEach((res, i) => expect({ i, cors: corsHeaders(res) }).toEqual({ i, cors: {} }));
    expect(answers[1]!.status).toBe(200);
  });

  it('allows any origin with `*` (the default), without Vary', async () => {
    const app = anyOriginApp();
    const res = await request(app).get('/api/v1/health').set('origin', 'https://anyone.example');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['vary']).toBeUndefined();
    const pre = await request(app)
      .options('/api/v1/actions/claim/build')
      .set('origin', 'https://anyone.example')
      .set('access-control-request-method', 'POST');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(loadGatewayConfig(ENV).CORS_ORIGINS).toBe('*');
  });

  it('refuses a CORS_ORIGINS that is not `*` or a list of origins at start, naming the bad item', () => {
    for (const [raw, bad] of [
      ['https://app.partner.example/', 'https://app.partner.example/'],
      ['https://a.example,app.partner.example', 'app.partner.example'],
      ['*, https://a.example', '*'],
      ['ftp://files.example', 'ftp://files.example'],
    ]) {
      let error: unknown;
      try {
        loadGatewayConfig({ ...ENV, CORS_ORIGINS: raw });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.objectContaining({
          name: 'CORS_ORIGINS',
          problem: `got ${JSON.stringify(bad)}, which is not an http(s) origin`,
        }),
      ]);
    }
  });
});
