// layouts: both
import request from 'supertest';
import { buildOpenApi, createValidator, MAX_BODY_DEPTH } from '@yv/schemas';
import { useTestGateway } from './support/gateway';
import { createTestPartner, newIdempotencyKey } from './support/partner';

/**
 * Bodies built to break a recursive walker or a decoder, sent to every operation of the OpenAPI document with the
 * credentials it asks for: each is refused with the 400 envelope before anything parses it further, and no action
 * is stored for any of them.
 */
const gw = useTestGateway();
const validator = createValidator();
const ACTION_ID = '00000000-0000-4000-8000-000000000000';
const WALLET = '0x6666666666666666666666666666666666666666';
let apiKey: string;

beforeAll(async () => {
  ({ apiKey } = await createTestPartner(gw.pool));
});

const operations = Object.entries(buildOpenApi({ serverUrl: 'http://127.0.0.1' }).paths).flatMap(
  ([template, item]) =>
    Object.keys(item as object)
      .filter((method) => ['get', 'post', 'put', 'delete'].includes(method))
      .map((method) => ({
        method: method as 'get' | 'post',
        path: template.replace('{id}', ACTION_ID).replace('{address}', WALLET),
      })),
);

const HOSTILE: Record<string, Buffer> = {
  'arrays 5,000 deep': Buffer.from(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  'objects 3,000 deep': Buffer.from(`${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`),
  [`arrays ${MAX_BODY_DEPTH + 1} deep`]: Buffer.from(
    `${'['.repeat(MAX_BODY_DEPTH + 1)}${']'.repeat(MAX_BODY_DEPTH + 1)}`,
  ),
  'invalid UTF-8': Buffer.concat([
    Buffer.from('{"account":"'),
    Buffer.from([0xc3, 0x28, 0xff]),
    Buffer.from('"}'),
  ]),
};

function send(op: (typeof operations)[number], body: Buffer) {
  const agent = request(gw.app);
  return (
    agent[op.method](op.path)
      .set('authorization', `Bearer ${op.path.startsWith('/api/cron') ? gw.config.CRON_SECRET : apiKey}`)
      .set('idempotency-key', newIdempotencyKey())
      .set('content-type', 'application/json')
      // The bytes as they are, not a JSON rendering of the Buffer (superagent's types want a string back).
      .serialize(((bytes: Buffer) => bytes) as unknown as (body: unknown) => string)
      .send(body)
  );
}

it('covers every operation of the document', () => {
  expect(operations.length).toBeGreaterThan(15);
});

describe.each(Object.entries(HOSTILE))('%s', (_name, body) => {
  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s answers 400 in the envelope',
    async (_label, op) => {
      const res = await send(op, body);
      expect(res.status).toBe(400);
      expect(validator.validate('ErrorResponse', res.body)).toEqual({ ok: true });
      expect(res.body.error.code).toBe('BAD_REQUEST');
    },
  );
});

describe('long keys and huge arrays within the size limit', () => {
  const creates = operations.filter((op) => op.method === 'post' && /\/(actions|partner)\//.test(op.path));
  const bodies = {
    'a 30,000-character key': Buffer.from(JSON.stringify({ [`k${'x'.repeat(30_000)}`]: 1 })),
    'an array of 20,000 items': Buffer.from(JSON.stringify({ account: Array(20_000).fill(0) })),
    'a top-level array of 12,000 items': Buffer.from(JSON.stringify(Array(12_000).fill('x'))),
  };
  it.each(Object.entries(bodies))('%s: every request schema refuses it with 400', async (_name, body) => {
    for (const op of creates) {
      const res = await send(op, body);
      expect({ op: op.path, status: res.status }).toEqual({ op: op.path, status: 400 });
      expect(validator.validate('ErrorResponse', res.body)).toEqual({ ok: true });
    }
    const { rows } = await gw.pool.query('SELECT count(*)::int AS n FROM partner_actions');
    expect(rows[0].n).toBe(0);
  });
});
