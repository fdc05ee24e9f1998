import { listWebhookAttempts, listWebhookDeliveries, setPartnerWebhookUrl } from '@yv/db';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import type { WebhookWorker } from '../src/worker';
import { actionEvents, createPartner, startReceiver, waitFor, type Receiver } from './support/receiver';
import { testWorker } from './support/worker';

/**
 * The SSRF policy at delivery time, with WEBHOOK_ALLOW_PRIVATE_URLS off: the gateway checked the URL when it was set,
 * but a name may resolve elsewhere later (DNS rebinding) and an operator may set any http(s) URL. `localhost` stands
 * for a name whose resolution moved to a refused address: it resolves to loopback, where a real receiver listens.
 */
const db = useTestDatabase();
const redis = useTestRedis();
let worker: WebhookWorker;
let hooks: Receiver;

beforeAll(async () => {
  hooks = await startReceiver();
  worker = testWorker(db, redis, { WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await hooks.close();
});

/** The first attempt of the partner's only delivery, once it is recorded. */
async function firstAttempt(partnerId: string) {
  return waitFor('a recorded attempt', async () => {
    const [delivery] = await listWebhookDeliveries(db.pool, partnerId);
    const attempts = delivery ? await listWebhookAttempts(db.pool, delivery.id) : [];
    return attempts[0];
  });
}

it('refuses to connect when the name resolves to a loopback address: a failed attempt, nothing sent', async () => {
  const port = new URL(hooks.url).port;
  const partner = await createPartner(db.pool, `http://localhost:${port}/hooks`);
  await actionEvents(db.pool, partner.id, 1);

  const attempt = await firstAttempt(partner.id);
  expect(attempt).toMatchObject({ attempt: 1, statusCode: null });
  expect(attempt.error).toMatch(
    /^refused: localhost resolves to a refused address: (127\.0\.0\.1|::1) is a loopback, private or reserved address$/,
  );
  expect(hooks.received).toHaveLength(0);
});

it('refuses an address URL set outside the gateway before any connection', async () => {
  const partner = await createPartner(db.pool, null);
  // The admin command checks only the scheme: the worker holds the line on its own.
  await setPartnerWebhookUrl(db.pool, partner.id, hooks.url);
  await actionEvents(db.pool, partner.id, 1);

  const attempt = await firstAttempt(partner.id);
  expect(attempt).toMatchObject({ statusCode: null, durationMs: 0 });
  expect(attempt.error).toMatch(/127\.0\.0\.1 is a loopback, private or reserved address/);
  expect(hooks.received).toHaveLength(0);
});
