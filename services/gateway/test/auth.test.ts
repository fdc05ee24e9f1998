import pino from 'pino';
import request from 'supertest';
import { ApiError } from '@yv/domain';
import { createServiceMetrics } from '@yv/metrics';
import { buildOpenApi, createValidator } from '@yv/schemas';
import { testProvider, useTestDatabase } from '@yv/testkit';
import { createActionWriter } from '@yv/actions';
import { createPartnerActionService } from '../src/actions/service';
import type { QuoteService } from '../src/quotes';
import { createPartner, revokeKey, rotateKey } from '../src/admin/commands';
import { apiKeyPrefix } from '../src/auth/keys';
import { createApp } from '../src/app';
import { partnerAuthentication } from '../src/auth/partner-auth';
import { partnerActionsRouter } from '../src/routes/partner-actions';

const db = useTestDatabase();
const validator = createValidator();
const deployment = {
  contractVersion: 'svc-pipe-v2' as const,
  chainId: 999,
  contracts: {
    share: '0x1111111111111111111111111111111111111111',
    core: '0x2222222222222222222222222222222222222222',
    depositPipe: '0x3333333333333333333333333333333333333333',
    redemptionPipe: '0x4444444444444444444444444444444444444444',
    usdc: '0x5555555555555555555555555555555555555555',
  },
};

// Authentication is decided before any quote: a quote layer that always refuses shows when a request got past it.
const refuse = async (): Promise<never> => {
  throw new ApiError('ACTION_QUOTE_FAILED', 'quotes are not part of this test');
};
const quoteService: QuoteService = {
  deposit: refuse,
  redeemAsync: refuse,
  redeemInstant: refuse,
  claim: refuse,
  cancel: refuse,
  fulfill: refuse,
};

const lines: string[] = [];
const provider = testProvider();
const metrics = createServiceMetrics('gateway');
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  app = createApp({
    log: pino({ level: 'debug' }, { write: (line: string) => lines.push(line) }),
    metrics,
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1:3000' }),
    bodyLimitBytes: 65_536,
    routers: [
      partnerAuthentication({ pool: db.pool }),
      partnerActionsRouter({
        actions: createPartnerActionService({
          pool: db.pool,
          writer: createActionWriter({ pool: db.pool, deployment }),
          quoteService,
          deployment,
          provider,
          follow: async () => undefined,
          log: pino({ level: 'silent' }),
        }),
      }),
    ],
  });
});
afterAll(() => provider.destroy());

const body = { amountRaw: '1000000', account: '0x6666666666666666666666666666666666666666' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function expect401(res: request.Response) {
  expect(res.status).toBe(401);
  expect(validator.validate('ErrorResponse', res.body)).toEqual({ ok: true });
  expect(res.body.error.code).toBe('PARTNER_UNAUTHORIZED');
}

/** A key reaches the routes when the answer is what the route itself says (here 404 for an unknown action). */
async function keyAccepted(key: string): Promise<boolean> {
  const res = await request(app)
    .get(`/api/v1/partner/actions/${MISSING_ID}`)
    .set('authorization', `Bearer ${key}`);
  if (res.status === 401) return false;
  expect(res.body.error.code).toBe('PARTNER_ACTION_NOT_FOUND');
  return true;
}

it('refuses a missing, malformed or unknown key on every partner-action route', async () => {
  const { apiKey } = await createPartner(db.pool, { name: 'auth-a' });
  const unknown = apiKey.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  const headers = [
    undefined,
    '',
    'Bearer',
    `Basic ${apiKey}`,
    `Bearer ${apiKey}x`,
    'Bearer yv_live_short',
    `Bearer ${unknown}`,
  ];
  for (const header of headers) {
    for (const [method, path] of [
      ['post', '/api/v1/partner/actions/deposit'],
      ['post', '/api/v1/partner/actions/claim'],
      ['post', `/api/v1/partner/actions/${MISSING_ID}/submit`],
      ['get', `/api/v1/partner/actions/${MISSING_ID}`],
      ['get', '/api/v1/partner/actions'],
    ] as const) {
      let req = request(app)[method](path).set('idempotency-key', 'key-00000001');
      if (header !== undefined) req = req.set('authorization', header);
      expect401(await req.send(body));
    }
  }
  expect(await keyAccepted(apiKey)).toBe(true);
  expect(await keyAccepted(unknown)).toBe(false);
});

it('refuses a revoked key and keeps the others', async () => {
  const { partnerId, apiKey } = await createPartner(db.pool, { name: 'auth-b' });
  const rotated = await rotateKey(db.pool, { partnerId, graceHours: 1 });
  await revokeKey(db.pool, { partnerId, keyPrefix: apiKeyPrefix(apiKey) as string });
  expect(await keyAccepted(apiKey)).toBe(false);
  expect(await keyAccepted(rotated.apiKey)).toBe(true);
});

it('keeps the old key valid during the rotation grace, and ends it when the grace is over', async () => {
  const { partnerId, apiKey } = await createPartner(db.pool, { name: 'auth-c' });
  const inGrace = await rotateKey(db.pool, { partnerId, graceHours: 2 });
  expect(await keyAccepted(apiKey)).toBe(true);
  expect(await keyAccepted(inGrace.apiKey)).toBe(true);

  // Rotating with no grace ends every earlier key at once; a rotation never lengthens an earlier key's life.
  const now = await rotateKey(db.pool, { partnerId, graceHours: 0 });
  expect(await keyAccepted(apiKey)).toBe(false);
  expect(await keyAccepted(inGrace.apiKey)).toBe(false);
  expect(await keyAccepted(now.apiKey)).toBe(true);
});

it('refuses a key whose grace period ran out', async () => {
  const { partnerId, apiKey } = await createPartner(db.pool, { name: 'auth-d' });
  await rotateKey(db.pool, { partnerId, graceHours: 1 });
  expect(await keyAccepted(apiKey)).toBe(true);
  await db.pool.query(
    `UPDATE partner_api_keys SET expires_at = now() - interval '1 second' WHERE prefix = $1`,
    [apiKeyPrefix(apiKey)],
  );
  expect(await keyAccepted(apiKey)).toBe(false);
});

it('refuses the keys of a disabled partner', async () => {
  const { partnerId, apiKey } = await createPartner(db.pool, { name: 'auth-e' });
  await db.pool.query(`UPDATE partners SET disabled_at = now() WHERE id = $1`, [partnerId]);
  expect(await keyAccepted(apiKey)).toBe(false);
});

it('never writes a key into a log line, an error message or a metric label', async () => {
  const { apiKey } = await createPartner(db.pool, { name: 'auth-f' });
  const secretPart = apiKey.slice(-64);
  lines.length = 0;
  const responses = [
    await request(app)
      .post('/api/v1/partner/actions/deposit')
      .set('authorization', `Bearer ${apiKey}`)
      .set('idempotency-key', 'log-key-0001')
      .send(body),
    await request(app)
      .post('/api/v1/partner/actions/deposit')
      .set('authorization', `Bearer ${apiKey}`)
      .set('content-type', 'application/json')
      .send('{"broken":'),
    await request(app)
      .post('/api/v1/partner/actions/deposit')
      .set('authorization', `Bearer ${apiKey}0`)
      .send(body),
    await request(app).get(`/api/v1/partner/actions/${apiKey}`).set('authorization', `Bearer ${apiKey}`),
    await request(app)
      .get(`/api/v1/partner/actions?status=${apiKey}`)
      .set('authorization', `Bearer ${apiKey}`),
  ];
  expect(responses.map((r) => r.status)).toEqual([422, 400, 401, 404, 400]);
  expect(lines.length).toBeGreaterThanOrEqual(responses.length);
  const exposed = [
    ...lines,
    ...responses.map((r) => JSON.stringify(r.body)),
    await metrics.registry.metrics(),
  ];
  for (const text of exposed) expect(text).not.toContain(secretPart);
});
