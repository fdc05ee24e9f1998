// layouts: both
import type { Express } from 'express';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { insertOutboxEvent, listOutboxEvents, listWebhookDeliveries } from '@yv/db';
import { createServiceMetrics } from '@yv/metrics';
import { createValidator } from '@yv/schemas';
import type { WebhookWorker } from '../../webhook-worker/src';
import { startReceiver, waitFor, type Receiver } from '../../webhook-worker/test/support/receiver';
import { testWorker } from '../../webhook-worker/test/support/worker';
import { createPartner } from '../src/admin/commands';
import { createGatewayApp } from '../src/server';
import { useTestGateway } from './support/gateway';
import { expectError } from './support/partner';

/**
 * The partner's webhook endpoint over HTTP, on a gateway with WEBHOOK_ALLOW_PRIVATE_URLS off (production's
 * setting), and, for deliveries to a receiver on this machine, the same context with it on (the dev stack's),
 * delivered by the real webhook worker and verified with standardwebhooks.
 */
const gw = useTestGateway();
const validator = createValidator();
const ENDPOINT = '/api/v1/partner/webhook-endpoint';
/** A public address: accepted without DNS (this machine resolves no public names). */
const PUBLIC_URL = 'https://93.184.215.14/hooks';
let localApp: Express;
let hooks: Receiver;
let worker: WebhookWorker;

beforeAll(async () => {
  localApp = createGatewayApp({
    ...gw.ctx,
    config: { ...gw.config, WEBHOOK_ALLOW_PRIVATE_URLS: true },
    // The HTTP metrics register on the app's registry: a second app needs its own.
    metrics: createServiceMetrics('gateway'),
  });
  hooks = await startReceiver();
  worker = testWorker(
    { pool: gw.pool, url: gw.config.DATABASE_URL },
    { url: gw.config.REDIS_URL, bullmqPrefix: gw.config.QUEUE_PREFIX },
  );
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await hooks?.close();
});

interface EndpointJson {
  url: string | null;
  enabled: boolean;
  eventTypes: string[];
  disabledAt: string | null;
  disabledReason: string | null;
  secrets: { prefix: string; createdAt: string; expiresAt: string | null }[];
}

const auth = (req: request.Test, apiKey: string) => req.set('authorization', `Bearer ${apiKey}`);
const put = (apiKey: string, body: unknown, app = gw.app) =>
  auth(request(app).put(ENDPOINT), apiKey).send(body as object);

async function endpointOf(apiKey: string): Promise<EndpointJson> {
  const res = await auth(request(gw.app).get(ENDPOINT), apiKey);
  expect(res.status).toBe(200);
  expect(validator.validate('WebhookEndpointResponse', res.body)).toEqual({ ok: true });
  return res.body.data as EndpointJson;
}

async function stored(apiKey: string, body: unknown, app = gw.app): Promise<EndpointJson> {
  const res = await put(apiKey, body, app);
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status: 200 });
  expect(validator.validate('WebhookEndpointResponse', res.body)).toEqual({ ok: true });
  return res.body.data as EndpointJson;
}

async function rotated(apiKey: string, body?: object) {
  const req = auth(request(gw.app).post(`${ENDPOINT}/secret`), apiKey);
  const res = await (body === undefined ? req : req.send(body));
  expect(res.status).toBe(201);
  expect(validator.validate('WebhookSecretCreatedResponse', res.body)).toEqual({ ok: true });
  return res.body.data as { secret: string; prefix: string; previousSecretsExpireAt: string };
}

const sendTest = (apiKey: string) => auth(request(gw.app).post(`${ENDPOINT}/test`), apiKey);

describe('GET and PUT', () => {
  it('round-trips the URL, enabled and the event types, and never shows a secret', async () => {
    const partner = await createPartner(gw.pool, { name: 'round trip' });
    const initial = await endpointOf(partner.apiKey);
    expect(initial).toEqual({
      url: null,
      enabled: true,
      eventTypes: ['action.updated', 'redeem.updated', 'webhook.test'],
      disabledAt: null,
      disabledReason: null,
      secrets: [
        { prefix: partner.webhookSecret.slice(0, 14), createdAt: expect.any(String), expiresAt: null },
      ],
    });

    const set = await stored(partner.apiKey, { url: PUBLIC_URL });
    expect(set).toEqual({ ...initial, url: PUBLIC_URL });
    expect(await endpointOf(partner.apiKey)).toEqual(set);

    const disabled = await stored(partner.apiKey, {
      url: 'https://93.184.215.14:8443/other',
      enabled: false,
      eventTypes: ['redeem.updated'],
    });
    expect(disabled).toMatchObject({
      url: 'https://93.184.215.14:8443/other',
      enabled: false,
      eventTypes: ['redeem.updated'],
      disabledAt: expect.any(String),
      disabledReason: 'disabled by the partner',
    });
    expect(await endpointOf(partner.apiKey)).toEqual(disabled);

    // Enabling (the default) clears the disable; eventTypes omitted is every type again.
    expect(await stored(partner.apiKey, { url: PUBLIC_URL })).toEqual(set);
    expect(await stored(partner.apiKey, { url: null })).toEqual(initial);
    const everything = JSON.stringify(await endpointOf(partner.apiKey));
    expect(everything).not.toContain(partner.webhookSecret.slice(14));
  });

  it('shows each partner only its own endpoint', async () => {
    const a = await createPartner(gw.pool, { name: 'partner a' });
    const b = await createPartner(gw.pool, { name: 'partner b' });
    await stored(a.apiKey, { url: PUBLIC_URL, eventTypes: ['action.updated'] });
    expect((await endpointOf(b.apiKey)).url).toBeNull();

    await stored(b.apiKey, { url: 'https://8.8.8.8/b', enabled: false });
    await rotated(b.apiKey);
    const seenByA = await endpointOf(a.apiKey);
    expect(seenByA).toMatchObject({ url: PUBLIC_URL, enabled: true, eventTypes: ['action.updated'] });
    expect(seenByA.secrets.map((secret) => secret.prefix)).toEqual([a.webhookSecret.slice(0, 14)]);
    expect(await endpointOf(b.apiKey)).toMatchObject({ url: 'https://8.8.8.8/b', enabled: false });
    expect((await endpointOf(b.apiKey)).secrets).toHaveLength(2);
  });

  it('answers 401 without a partner key', async () => {
    expectError(await request(gw.app).get(ENDPOINT), 401, 'PARTNER_UNAUTHORIZED');
    expectError(await request(gw.app).put(ENDPOINT).send({ url: PUBLIC_URL }), 401, 'PARTNER_UNAUTHORIZED');
    expectError(await request(gw.app).post(`${ENDPOINT}/secret`), 401, 'PARTNER_UNAUTHORIZED');
    expectError(await request(gw.app).post(`${ENDPOINT}/test`), 401, 'PARTNER_UNAUTHORIZED');
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /link-local or cloud metadata address/],
    ['http://metadata.google.internal/computeMetadata/v1/', /cloud metadata host/],
    ['http://[fd00:ec2::254]/', /link-local or cloud metadata address/],
    ['http://127.0.0.1:8080/hooks', /127\.0\.0\.1 is a loopback, private or reserved address/],
    ['http://[::1]/hooks', /::1 is a loopback/],
    ['http://[::ffff:127.0.0.1]/hooks', /is a loopback/],
    ['http://2130706433/', /127\.0\.0\.1 is a loopback/],
    ['http://10.1.2.3/hooks', /is a loopback, private or reserved address/],
    ['ftp://93.184.215.14/hooks', /scheme must be https or http, not ftp/],
    ['https://user:secret@93.184.215.14/hooks', /credentials/],
    [
      'http://localhost:8080/hooks',
      /localhost resolves to a refused address: (127\.0\.0\.1|::1) is a loopback/,
    ],
    ['not a url', /not an absolute URL/],
  ])('refuses %s with 400 and changes nothing', async (url, why) => {
    const partner = await createPartner(gw.pool, { name: 'refused' });
    await stored(partner.apiKey, { url: PUBLIC_URL, eventTypes: ['redeem.updated'] });
    const before = await endpointOf(partner.apiKey);

    const message = expectError(await put(partner.apiKey, { url, enabled: false }), 400, 'BAD_REQUEST');
    expect(message).toMatch(why);
    expect(await endpointOf(partner.apiKey)).toEqual(before);
  });

  it.each([
    ['no url', {}],
    ['an unknown event type', { url: PUBLIC_URL, eventTypes: ['action.created'] }],
    ['no event type', { url: PUBLIC_URL, eventTypes: [] }],
    ['an unknown field', { url: PUBLIC_URL, secret: 'whsec_x' }],
    ['a number as url', { url: 42 }],
  ])('refuses a body with %s with 400 and changes nothing', async (_what, body) => {
    const partner = await createPartner(gw.pool, { name: 'bad body' });
    const before = await endpointOf(partner.apiKey);
    expectError(await put(partner.apiKey, body), 400, 'BAD_REQUEST');
    expect(await endpointOf(partner.apiKey)).toEqual(before);
  });
});

describe('secret rotation, test event and subscriptions, delivered', () => {
  const headersOf = (received: Receiver['received'][number]) =>
    Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
  const receivedWith = (webhookId: string) =>
    waitFor(`a delivery of ${webhookId}`, () =>
      hooks.received.find((received) => received.headers['webhook-id'] === webhookId),
    );

  it('signs one delivery with the old and the new secret during the overlap; the test event id is its webhook-id', async () => {
    const partner = await createPartner(gw.pool, { name: 'rotating' });
    // A name, not an address: the gateway resolves it, the worker's agents resolve it again through the policy.
    const url = hooks.url.replace('127.0.0.1', 'localhost');
    await stored(partner.apiKey, { url }, localApp);

    const before = Date.now();
    const next = await rotated(partner.apiKey, { overlapSeconds: 3_600 });
    expect(next.prefix).toBe(next.secret.slice(0, 14));
    expect(Date.parse(next.previousSecretsExpireAt) - before).toBeGreaterThan(3_600_000 - 60_000);
    expect(Date.parse(next.previousSecretsExpireAt) - before).toBeLessThan(3_600_000 + 60_000);
    expect((await endpointOf(partner.apiKey)).secrets).toEqual([
      { prefix: next.prefix, createdAt: expect.any(String), expiresAt: null },
      {
        prefix: partner.webhookSecret.slice(0, 14),
        createdAt: expect.any(String),
        expiresAt: next.previousSecretsExpireAt,
      },
    ]);

    const res = await sendTest(partner.apiKey);
    expect(res.status).toBe(201);
    expect(validator.validate('WebhookTestSentResponse', res.body)).toEqual({ ok: true });
    const { id } = res.body.data as { id: string };

    const received = await receivedWith(id);
    expect(String(received.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [partner.webhookSecret, next.secret]) {
      const message = new Webhook(secret).verify(received.rawBody, headersOf(received));
      expect(message).toMatchObject({
        type: 'webhook.test',
        sequence: 1,
        data: { partnerId: partner.partnerId, message: expect.any(String) },
      });
      expect(validator.validate('WebhookTestEvent', message)).toEqual({ ok: true });
    }
  });

  it('ends the old secret at once with overlapSeconds 0, and refuses an overlap over 7 days', async () => {
    const partner = await createPartner(gw.pool, { name: 'no overlap' });
    expectError(
      await auth(request(gw.app).post(`${ENDPOINT}/secret`), partner.apiKey).send({
        overlapSeconds: 604_801,
      }),
      400,
      'BAD_REQUEST',
    );
    expect((await endpointOf(partner.apiKey)).secrets).toHaveLength(1);
    const next = await rotated(partner.apiKey, { overlapSeconds: 0 });
    expect((await endpointOf(partner.apiKey)).secrets.map((secret) => secret.prefix)).toEqual([next.prefix]);
  });

  it('delivers only the subscribed types, and a test event whatever the subscription', async () => {
    const partner = await createPartner(gw.pool, { name: 'subscriber' });
    await stored(partner.apiKey, { url: hooks.url, eventTypes: ['redeem.updated'] }, localApp);
    const unsubscribed = await insertOutboxEvent(gw.pool, {
      type: 'action.updated',
      aggregateId: crypto.randomUUID(),
      partnerId: partner.partnerId,
      payload: { id: 'unsubscribed' },
    });
    const subscribed = await insertOutboxEvent(gw.pool, {
      type: 'redeem.updated',
      aggregateId: '7',
      partnerId: partner.partnerId,
      payload: { id: '7' },
    });
    const test = (await sendTest(partner.apiKey)).body.data as { id: string };

    await receivedWith(subscribed.eventId);
    await receivedWith(test.id);
    const deliveries = await listWebhookDeliveries(gw.pool, partner.partnerId);
    expect(deliveries.map((delivery) => delivery.eventId).sort()).toEqual(
      [subscribed.eventId, test.id].sort(),
    );
    // Relayed (the relay takes rows oldest first), kept in the outbox, and never sent.
    const [event] = await listOutboxEvents(gw.pool, 'action.updated', unsubscribed.aggregateId);
    expect(event?.relayed).toBe(true);
    expect(hooks.received.some((received) => received.headers['webhook-id'] === unsubscribed.eventId)).toBe(
      false,
    );
  });

  it('refuses a test event with 400 when there is no URL or the endpoint is disabled, recording nothing', async () => {
    const partner = await createPartner(gw.pool, { name: 'nowhere' });
    expect(expectError(await sendTest(partner.apiKey), 400, 'BAD_REQUEST')).toMatch(/no webhook URL is set/);
    await stored(partner.apiKey, { url: PUBLIC_URL, enabled: false });
    expect(expectError(await sendTest(partner.apiKey), 400, 'BAD_REQUEST')).toMatch(
      /disabled \(disabled by the partner\)/,
    );
    expect(await listOutboxEvents(gw.pool, 'webhook.test', partner.partnerId)).toEqual([]);
  });
});
