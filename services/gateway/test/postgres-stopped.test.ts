// layouts: both
import request from 'supertest';
import { API_ERROR_CODES, buildOpenApi } from '@yv/schemas';
import { startOwnPostgres, type OwnPostgres } from '@yv/testkit';
import { startTestGateway, type TestGateway } from './support/gateway';
import { createTestPartner } from './support/partner';

/**
 * A real PostgreSQL stop (the server shut down, not a proxy cutting connections): every operation a partner calls
 * with its key answers 503 INDEXER_UNAVAILABLE in the envelope, in bounded time, naming no address or driver text,
 * and everything is as it was once the server is back.
 */
// A refused connection is immediate; this is far above an answer, far below a client's patience.
const ANSWER_BOUND_MS = 5_000;
const UUID = '00000000-0000-4000-8000-000000000000';
const ADDRESS = '0x00000000000000000000000000000000000000aa';
/** Not the partner's: the cron secret, the docs and health answer without the database or by their own code. */
const NOT_PARTNER_OPERATIONS = new Set(['/api/cron/webhooks', '/api/v1/health', '/api/v1/openapi.json']);

let postgres: OwnPostgres;
let gw: TestGateway;
let apiKey: string;

beforeAll(async () => {
  postgres = await startOwnPostgres();
  gw = await startTestGateway({ databaseServerUrl: postgres.url });
  apiKey = (await createTestPartner(gw.pool)).apiKey;
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await postgres?.remove();
});

function operations(): { method: string; path: string }[] {
  const doc = buildOpenApi({ serverUrl: 'http://localhost' });
  return Object.entries(doc.paths)
    .filter(([path]) => !NOT_PARTNER_OPERATIONS.has(path))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'delete'].includes(method))
        .map((method) => ({ method, path: path.replace('{id}', UUID).replace('{address}', ADDRESS) })),
    );
}

const call = (method: string, path: string) => {
  const agent = request(gw.app);
  const verb = method as 'get' | 'post' | 'put' | 'delete';
  return agent[verb](path)
    .set('authorization', `Bearer ${apiKey}`)
    .set('idempotency-key', `pg-stopped-${method}-${path}`)
    .send(method === 'get' ? undefined : {})
    .timeout(ANSWER_BOUND_MS);
};

const keysList = () =>
  request(gw.app).get('/api/v1/partner/api-keys').set('authorization', `Bearer ${apiKey}`);

test('every partner operation answers 503 INDEXER_UNAVAILABLE while the server is stopped, and works once it is back', async () => {
  const before = await keysList();
  expect(before.status).toBe(200);
  const all = operations();
  expect(all.length).toBeGreaterThan(25);

  await postgres.stop();
  try {
    const answers = [];
    for (const { method, path } of all) {
      const res = await call(method, path);
      answers.push({
        operation: `${method.toUpperCase()} ${path}`,
        status: res.status,
        code: res.body?.error?.code,
      });
      expect(res.body.success).toBe(false);
      expect(API_ERROR_CODES).toContain(res.body.error.code);
      expect(res.body.error.message).toMatch(/database is unavailable/);
      expect(res.body.error.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|:\d{4,5}\b|connect|postgres/i);
    }
    expect(answers).toEqual(
      answers.map(({ operation }) => ({ operation, status: 503, code: 'INDEXER_UNAVAILABLE' })),
    );
  } finally {
    await postgres.start();
  }

  // The pool connects again on its own; the key and what it reads are as they were.
  const deadline = Date.now() + 10_000;
  let after = await keysList();
  while (after.status !== 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    after = await keysList();
  }
  expect(after.body.data).toEqual(before.body.data);
});
