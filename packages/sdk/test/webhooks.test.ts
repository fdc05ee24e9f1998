import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
// The signer the webhook worker uses (node:crypto only), by path: the SDK declares no @yv dependency.
import { signWebhook } from '../../domain/src/webhooks/signature';
import { verifyWebhook, WebhookVerificationError, type WebhookVerificationReason } from '../src';

/**
 * verifyWebhook against standardwebhooks, the reference implementation of the scheme the API signs with: each
 * accepts what the other signs, and ours also takes several secrets at once (a rotation's overlap).
 */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const OLD = newSecret();
const NEW = newSecret();
const now = () => Math.floor(Date.now() / 1000);

const body = JSON.stringify({
  type: 'webhook.test',
  timestamp: '2026-11-24T10:00:00.000Z',
  sequence: 1,
  data: { partnerId: randomUUID(), message: 'a test event' },
});

/** The headers the API sends: one signature per secret, newest first, as the webhook worker signs them. */
function signed(secrets: string[], options: { id?: string; at?: number; payload?: string } = {}) {
  const id = options.id ?? randomUUID();
  const at = new Date((options.at ?? now()) * 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(id, at, options.payload ?? body))
      .join(' '),
  };
}

async function reasonOf(call: Promise<unknown>): Promise<WebhookVerificationReason> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe('verifyWebhook', () => {
  it('accepts what standardwebhooks signs, from a string, a Buffer, a Uint8Array and a Headers', async () => {
    const headers = signed([NEW]);
    const event = await verifyWebhook(body, headers, { secrets: [NEW] });
    expect(event).toEqual(JSON.parse(body));
    expect(event.type).toBe('webhook.test');
    await expect(verifyWebhook(Buffer.from(body), headers, { secrets: [NEW] })).resolves.toEqual(event);
    await expect(
      verifyWebhook(new TextEncoder().encode(body), new Headers(headers), { secrets: [NEW] }),
    ).resolves.toEqual(event);
    // Node lower-cases header names, other frameworks may not.
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    await expect(verifyWebhook(body, shouted, { secrets: [NEW] })).resolves.toEqual(event);
  });

  it('accepts what the webhook worker signs, as standardwebhooks does', async () => {
    const id = randomUUID();
    const headers = { ...signWebhook({ id, timestampSeconds: now(), body, secrets: [NEW, OLD] }) };
    await expect(verifyWebhook(body, headers, { secrets: [OLD] })).resolves.toEqual(JSON.parse(body));
    expect(new Webhook(OLD).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('passes a rotation: two signatures, either secret, and a message signed with the old one only', async () => {
    const both = signed([NEW, OLD]);
    for (const secrets of [[OLD], [NEW], [OLD, NEW], [NEW, OLD]]) {
      await expect(verifyWebhook(body, both, { secrets })).resolves.toMatchObject({ type: 'webhook.test' });
    }
    const oldOnly = signed([OLD]);
    await expect(verifyWebhook(body, oldOnly, { secrets: [NEW, OLD] })).resolves.toBeDefined();
    expect(await reasonOf(verifyWebhook(body, oldOnly, { secrets: [NEW] }))).toBe('no_matching_signature');
    // standardwebhooks, holding either secret, accepts the two-signature header too.
    expect(new Webhook(OLD).verify(body, both)).toEqual(JSON.parse(body));
    expect(new Webhook(NEW).verify(body, both)).toEqual(JSON.parse(body));
  });

  it('refuses a tampered body, id or timestamp, and a foreign secret', async () => {
    const headers = signed([NEW]);
    const tampered = body.replace('a test event', 'a test evenT');
    expect(await reasonOf(verifyWebhook(tampered, headers, { secrets: [NEW] }))).toBe(
      'no_matching_signature',
    );
    const otherId = { ...headers, 'webhook-id': randomUUID() };
    expect(await reasonOf(verifyWebhook(body, otherId, { secrets: [NEW] }))).toBe('no_matching_signature');
    const otherTime = { ...headers, 'webhook-timestamp': String(now() - 1) };
    expect(await reasonOf(verifyWebhook(body, otherTime, { secrets: [NEW] }))).toBe('no_matching_signature');
    expect(await reasonOf(verifyWebhook(body, headers, { secrets: [newSecret()] }))).toBe(
      'no_matching_signature',
    );
  });

  it('refuses stale and future timestamps beyond the tolerance, as standardwebhooks does', async () => {
    const stale = signed([NEW], { at: now() - 301 });
    const future = signed([NEW], { at: now() + 301 });
    expect(await reasonOf(verifyWebhook(body, stale, { secrets: [NEW] }))).toBe('timestamp_too_old');
    expect(await reasonOf(verifyWebhook(body, future, { secrets: [NEW] }))).toBe('timestamp_too_new');
    expect(() => new Webhook(NEW).verify(body, stale)).toThrow('too old');
    expect(() => new Webhook(NEW).verify(body, future)).toThrow('too new');
    // Inside the default 5 minutes, and inside a longer tolerance the receiver chose.
    await expect(
      verifyWebhook(body, signed([NEW], { at: now() - 290 }), { secrets: [NEW] }),
    ).resolves.toBeDefined();
    await expect(
      verifyWebhook(body, stale, { secrets: [NEW], toleranceSeconds: 600 }),
    ).resolves.toBeDefined();
  });

  it('refuses malformed and missing headers', async () => {
    const headers = signed([NEW]);
    const mac = headers['webhook-signature'].slice('v1,'.length);
    const withSignature = (signature: string) => ({ ...headers, 'webhook-signature': signature });
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      const { [name]: _, ...rest } = headers;
      expect(await reasonOf(verifyWebhook(body, rest, { secrets: [NEW] }))).toBe('missing_header');
      expect(await reasonOf(verifyWebhook(body, { ...headers, [name]: '' }, { secrets: [NEW] }))).toBe(
        'missing_header',
      );
    }
    for (const timestamp of ['soon', '-1', '1.5', `${now()}abc`, '1'.repeat(16)]) {
      const bad = { ...headers, 'webhook-timestamp': timestamp };
      expect(await reasonOf(verifyWebhook(body, bad, { secrets: [NEW] }))).toBe('invalid_timestamp');
    }
    // Unknown versions, no version, broken base64: no match, even beside a garbage entry.
    for (const signature of [`v2,${mac}`, mac, `v1,${mac.slice(1)}`, 'v1,%%%', 'v1', ',,, ,']) {
      expect(await reasonOf(verifyWebhook(body, withSignature(signature), { secrets: [NEW] }))).toBe(
        'no_matching_signature',
      );
    }
    // A valid signature is found among junk entries, and in the ", "-joined form of a header sent twice.
    for (const signature of [`v2,xyz v1,%%% v1,${mac}`, `v1,AAAA, v1,${mac}`]) {
      await expect(verifyWebhook(body, withSignature(signature), { secrets: [NEW] })).resolves.toBeDefined();
    }
  });

  it('refuses an authentic body that is not an event, and secrets that are not whsec_ ones', async () => {
    for (const payload of ['not json', '[1]', '{"data":{}}', '']) {
      const headers = signed([NEW], { payload });
      expect(await reasonOf(verifyWebhook(payload, headers, { secrets: [NEW] }))).toBe('invalid_body');
    }
    const headers = signed([NEW]);
    await expect(verifyWebhook(body, headers, { secrets: [] })).rejects.toThrow(TypeError);
    await expect(verifyWebhook(body, headers, { secrets: ['hunter2'] })).rejects.toThrow(TypeError);
    await expect(verifyWebhook(body, headers, { secrets: ['whsec_'] })).rejects.toThrow(TypeError);
  });
});
