// layouts: both
import request from 'supertest';
import { useTestGateway } from './support/gateway';
import { createTestPartner, expectError } from './support/partner';

/**
 * Refused partner keys are limited per client address (OWASP API4): past the budget the address is answered 429
 * before its key is looked up, while partners whose keys are valid, from other addresses, are never refused.
 */
// 2 s windows, 90 a minute: 3 refused keys a window, so a refusal clears within about two seconds.
const gw = useTestGateway({
  env: { RATE_LIMIT_WINDOW: '2s', RATE_LIMIT_REFUSED_KEYS_PER_MINUTE: '90', TRUST_PROXY: 'loopback' },
});

const KEYS = '/api/v1/partner/api-keys';
// Well formed, so it is looked up (a malformed key is refused without a lookup and spends nothing).
const GUESSED = `yv_live_0123456789ab_${'0'.repeat(64)}`;
const get = (apiKey: string, from: string) =>
  request(gw.app).get(KEYS).set('authorization', `Bearer ${apiKey}`).set('x-forwarded-for', from);

async function refusals(): Promise<number> {
  const metric = await gw.ctx.metrics.registry.getSingleMetric('svc_gateway_rate_limited_total')?.get();
  return (metric?.values ?? [])
    .filter((v) => v.labels.policy === 'refused-key')
    .reduce((sum, v) => sum + v.value, 0);
}

it('answers guessed keys 401 up to the budget, then 429 before any lookup, never refusing valid keys elsewhere', async () => {
  const { apiKey } = await createTestPartner(gw.pool, 'valid');
  const guesser = '203.0.113.7';
  const partner = '198.51.100.20';
  const before = await refusals();

  for (let i = 0; i < 3; i++) expectError(await get(GUESSED, guesser), 401, 'PARTNER_UNAUTHORIZED');
  const refused = await get(GUESSED, guesser);
  expect(expectError(refused, 429, 'BAD_REQUEST')).toBe(
    "rate limit of 3 requests per 2 s with a refused API key from this client address exceeded; retry after the Retry-After header's seconds",
  );
  expect(refused.headers['ratelimit-policy']).toBe('"refused-key";q=3;w=2');
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(2);

  // Refused before the lookup: even a valid key from that address waits out the window.
  expectError(await get(apiKey, guesser), 429, 'BAD_REQUEST');
  // A partner elsewhere is never refused, however many requests, and spends nothing of the budget.
  for (let i = 0; i < 10; i++) expect((await get(apiKey, partner)).status).toBe(200);
  expect((await refusals()) - before).toBe(2);

  await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
  expect((await get(apiKey, guesser)).status).toBe(200);
  expectError(await get(GUESSED, guesser), 401, 'PARTNER_UNAUTHORIZED');
});

it('does not limit requests without a Bearer key, whose refusal costs no lookup', async () => {
  const from = '192.0.2.55';
  for (let i = 0; i < 6; i++)
    expectError(await request(gw.app).get(KEYS).set('x-forwarded-for', from), 401, 'PARTNER_UNAUTHORIZED');
});
