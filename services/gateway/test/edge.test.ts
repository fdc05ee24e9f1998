import { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { ApiError } from '@yv/domain';
import { createServiceMetrics } from '@yv/metrics';
import { buildOpenApi, createValidator } from '@yv/schemas';
import { createApp } from '../src/app';

function appWith(router: Router) {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const metrics = createServiceMetrics('gateway');
  const app = createApp({
    log,
    metrics,
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1:3000' }),
    bodyLimitBytes: 1024,
    routers: [router],
  });
  return { app, lines, metrics };
}

const router = Router();
router.post('/echo', (req, res) => {
  res.json({ success: true, data: req.body, meta: { updatedAt: new Date(0).toISOString() } });
});
router.get('/typed/:code', (req) => {
  throw new ApiError(req.params.code as never, 'typed failure');
});
router.get('/unavailable', () => {
  throw new ApiError('INDEXER_UNAVAILABLE', 'activity cannot be read', {
    cause: new Error('connect ECONNREFUSED 10.1.2.3:5432'),
  });
});
router.get('/boom', () => {
  throw new Error('secret internals at /srv/app.ts:12');
});
const { app, lines, metrics } = appWith(router);
const validator = createValidator();

function expectErrorEnvelope(body: unknown, code: string) {
  expect(validator.validate('ErrorResponse', body)).toEqual({ ok: true });
  expect((body as { error: { code: string } }).error.code).toBe(code);
}

it('answers unknown routes with 404 BAD_REQUEST in the envelope, never HTML', async () => {
  const res = await request(app).get('/nope');
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toContain('application/json');
  expectErrorEnvelope(res.body, 'BAD_REQUEST');
});

it('answers a body that is not JSON with 400 and one over the limit with 413', async () => {
  const bad = await request(app).post('/echo').set('content-type', 'application/json').send('{"a":');
  expect(bad.status).toBe(400);
  expectErrorEnvelope(bad.body, 'BAD_REQUEST');
  const big = await request(app)
    .post('/echo')
    .send({ pad: 'x'.repeat(2000) });
  expect(big.status).toBe(413);
  expectErrorEnvelope(big.body, 'BAD_REQUEST');
});

it.each([
  ['BAD_WALLET', 400],
  ['PARTNER_UNAUTHORIZED', 401],
  ['REDEEM_NOT_FOUND', 404],
  ['IDEMPOTENCY_CONFLICT', 409],
  ['ACTION_QUOTE_FAILED', 422],
  ['VAULT_READ_FAILED', 503],
])('maps a typed %s to %i through the one table', async (code, status) => {
  const res = await request(app).get(`/typed/${code}`);
  expect(res.status).toBe(status);
  expectErrorEnvelope(res.body, code);
  expect(res.body.error.message).toBe('typed failure');
});

it('answers a GET without a validator whole, whatever If-None-Match says: only the shared reads answer 304', async () => {
  const first = await request(app).get('/api/v1/openapi.json');
  expect(first.status).toBe(200);
  expect(first.headers.etag).toBeUndefined();
  for (const [header, value] of [
    ['if-none-match', '*'],
    ['if-none-match', 'W/"anything"'],
    ['if-modified-since', new Date(Date.now() + 86_400_000).toUTCString()],
  ]) {
    const again = await request(app).get('/api/v1/openapi.json').set(header!, value!);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  }
});

it('turns an unexpected fault into a 500 envelope that leaks nothing but the request id', async () => {
  const res = await request(app).get('/boom').set('x-request-id', 'req-12345678');
  expect(res.status).toBe(500);
  expectErrorEnvelope(res.body, 'PARTNER_ACTION_FAILED');
  expect(res.body.error.message).toContain('req-12345678');
  expect(JSON.stringify(res.body)).not.toContain('/srv/app.ts');
  expect(lines.some((l) => l.includes('req-12345678') && l.includes('unexpected fault'))).toBe(true);
});

it("answers a dependency's fault by its code and message alone, and logs the cause for the operator", async () => {
  const res = await request(app).get('/unavailable').set('x-request-id', 'req-cause-1');
  expect(res.status).toBe(503);
  expectErrorEnvelope(res.body, 'INDEXER_UNAVAILABLE');
  expect(res.body.error.message).toBe('activity cannot be read');
  expect(JSON.stringify(res.body)).not.toContain('ECONNREFUSED');
  const logged = lines.find((l) => l.includes('req-cause-1') && l.includes('activity cannot be read'));
  expect(logged).toContain('ECONNREFUSED 10.1.2.3:5432');
});

it('serves the OpenAPI document and a docs page rendered from it, and counts requests by route pattern', async () => {
  const doc = await request(app).get('/api/v1/openapi.json');
  expect(doc.status).toBe(200);
  expect(doc.body.openapi).toBe('3.1.0');
  const docs = await request(app).get('/docs');
  expect(docs.status).toBe(200);
  expect(docs.text).toContain('/api/v1/config');
  expect(await metrics.registry.metrics()).toMatch(
    /svc_gateway_http_request_duration_seconds_count\{route="\/typed\/:code",method="GET",status="409"\} 1/,
  );
});
