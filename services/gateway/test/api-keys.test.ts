// layouts: both
import request from 'supertest';
import { createValidator } from '@yv/schemas';
import { apiKeyPrefix } from '../src/auth/keys';
import { useTestGateway } from './support/gateway';
import { createTestPartner, expectError } from './support/partner';

const validator = createValidator();
const gw = useTestGateway();
const KEYS = '/api/v1/partner/api-keys';

interface KeyJson {
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  active: boolean;
}

const list = (apiKey: string) => request(gw.app).get(KEYS).set('authorization', `Bearer ${apiKey}`);
const rotate = (apiKey: string, body?: object) => {
  const req = request(gw.app).post(`${KEYS}/rotate`).set('authorization', `Bearer ${apiKey}`);
  return body === undefined ? req : req.send(body);
};

async function keysOf(apiKey: string): Promise<KeyJson[]> {
  const res = await list(apiKey);
  expect(res.status).toBe(200);
  expect(validator.validate('ApiKeyListResponse', res.body)).toEqual({ ok: true });
  // Never a key or its hash: no field carries more than a prefix.
  expect(JSON.stringify(res.body)).not.toMatch(/yv_live_|[0-9a-f]{40}/);
  return res.body.data as KeyJson[];
}

async function rotated(apiKey: string, body?: object) {
  const res = await rotate(apiKey, body);
  expect(res.status).toBe(201);
  expect(validator.validate('ApiKeyCreatedResponse', res.body)).toEqual({ ok: true });
  return res.body.data as { apiKey: string; prefix: string; createdAt: string; previousKeysExpireAt: string };
}

describe('partner API keys', () => {
  it('rotates: the new key works, the old one through its grace and not after it', async () => {
    const partner = await createTestPartner(gw.pool, 'rotating');
    const other = await createTestPartner(gw.pool, 'other');
    const oldPrefix = apiKeyPrefix(partner.apiKey);

    const before = Date.now();
    const next = await rotated(partner.apiKey, { graceHours: 2 });
    expect(next.prefix).toBe(apiKeyPrefix(next.apiKey));
    const expires = Date.parse(next.previousKeysExpireAt) - before;
    expect(expires).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(expires).toBeLessThan(2 * 3_600_000 + 60_000);

    // Both work during the grace; the list shows both, newest first, with the old key's end.
    const keys = await keysOf(next.apiKey);
    expect(keys.map((k) => [k.prefix, k.active])).toEqual([
      [next.prefix, true],
      [oldPrefix, true],
    ]);
    expect(keys[0]).toMatchObject({ createdAt: next.createdAt, expiresAt: null, revokedAt: null });
    expect(keys[1]?.expiresAt).toBe(next.previousKeysExpireAt);
    expect((await list(partner.apiKey)).status).toBe(200);

    // The grace ends (moved into the past here rather than waited for): the old key is refused, the new one not.
    await gw.pool.query(
      `UPDATE partner_api_keys SET expires_at = now() - interval '1 second' WHERE prefix = $1`,
      [oldPrefix],
    );
    expectError(await list(partner.apiKey), 401, 'PARTNER_UNAUTHORIZED');
    const after = await keysOf(next.apiKey);
    expect(after.map((k) => [k.prefix, k.active])).toEqual([
      [next.prefix, true],
      [oldPrefix, false],
    ]);

    // Another partner sees its own key only.
    expect((await keysOf(other.apiKey)).map((k) => k.prefix)).toEqual([apiKeyPrefix(other.apiKey)]);
  });

  it('graceHours 0 ends the calling key at once; an empty body takes the default grace of 24 hours', async () => {
    const partner = await createTestPartner(gw.pool, 'no grace');
    const next = await rotated(partner.apiKey, { graceHours: 0 });
    expectError(await list(partner.apiKey), 401, 'PARTNER_UNAUTHORIZED');

    const before = Date.now();
    const third = await rotated(next.apiKey);
    const grace = Date.parse(third.previousKeysExpireAt) - before;
    expect(Math.abs(grace - 24 * 3_600_000)).toBeLessThan(60_000);
    expect((await list(next.apiKey)).status).toBe(200);
  });

  it('records the last use of each key, without the key', async () => {
    const partner = await createTestPartner(gw.pool, 'last use');
    const deadline = Date.now() + 5_000;
    let lastUsedAt: string | null = null;
    while (lastUsedAt === null && Date.now() < deadline) {
      lastUsedAt = (await keysOf(partner.apiKey))[0]?.lastUsedAt ?? null;
      if (lastUsedAt === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lastUsedAt).not.toBeNull();
    expect(Math.abs(Date.parse(lastUsedAt as string) - Date.now())).toBeLessThan(10_000);
  });

  it('refuses bad bodies and missing keys with the envelope', async () => {
    const partner = await createTestPartner(gw.pool, 'bad bodies');
    for (const body of [
      { graceHours: 169 },
      { graceHours: -1 },
      { graceHours: 1.5 },
      { graceHours: '1' },
      { x: 1 },
    ])
      expect(expectError(await rotate(partner.apiKey, body), 400, 'BAD_REQUEST')).toMatch(
        /graceHours|additional/,
      );
    expectError(await request(gw.app).get(KEYS), 401, 'PARTNER_UNAUTHORIZED');
    expectError(await request(gw.app).post(`${KEYS}/rotate`).send({}), 401, 'PARTNER_UNAUTHORIZED');
    // Nothing was rotated by the refused requests.
    expect(await keysOf(partner.apiKey)).toHaveLength(1);
  });
});
