// layouts: both
import type { WebhookWorker } from '../../../services/webhook-worker/src';
import {
  startReceiver,
  waitFor,
  type Receiver,
} from '../../../services/webhook-worker/test/support/receiver';
import { testWorker } from '../../../services/webhook-worker/test/support/worker';
import { createPartner } from '../../../services/gateway/src/admin/commands';
import {
  createPartnerClient,
  unwrap,
  verifyWebhook,
  WebhookVerificationError,
  type PartnerClient,
  type WebhookEvent,
} from '../src';
import { useListeningGateway } from './support';

/**
 * Real deliveries: the gateway over HTTP (the dev stack's setting, private URLs allowed, as the receiver listens on
 * 127.0.0.1), the webhook worker, and a receiver that answers 204 only to what verifyWebhook accepts with the
 * secrets the partner holds at that moment. The partner rotates its secret through the API, as a partner would.
 */
const { gw, server } = useListeningGateway({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
const USDC = 10n ** 6n;
let hooks: Receiver;
let worker: WebhookWorker;
let client: PartnerClient;
let firstSecret: string;
/** The secrets the receiver verifies with now: a partner keeps the old one until its overlap ends. */
let held: string[] = [];
/** What the receiver verified, by webhook-id. */
const verified = new Map<string, WebhookEvent>();

beforeAll(async () => {
  hooks = await startReceiver(async (res, index) => {
    const { headers, rawBody } = hooks.received[index]!;
    try {
      verified.set(String(headers['webhook-id']), await verifyWebhook(rawBody, headers, { secrets: held }));
      res.writeHead(204).end();
    } catch (error) {
      res.writeHead(400).end(error instanceof WebhookVerificationError ? error.reason : String(error));
    }
  });
  const partner = await createPartner(gw.pool, { name: 'sdk webhooks' });
  firstSecret = partner.webhookSecret;
  held = [firstSecret];
  client = createPartnerClient({ baseUrl: server.baseUrl, apiKey: partner.apiKey });
  unwrap(await client.api.PUT('/api/v1/partner/webhook-endpoint', { body: { url: hooks.url } }));
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

const sendTestEvent = async () =>
  unwrap(await client.api.POST('/api/v1/partner/webhook-endpoint/test')).data.id;

const rotate = async (overlapSeconds: number) =>
  unwrap(await client.api.POST('/api/v1/partner/webhook-endpoint/secret', { body: { overlapSeconds } })).data
    .secret;

/** The event the receiver verified, once the partner's event log shows its delivery delivered. */
async function deliveredAndVerified(webhookId: string): Promise<WebhookEvent> {
  await waitFor(`${webhookId} delivered`, async () => {
    const { data } = await client.api.GET('/api/v1/partner/events/{id}', {
      params: { path: { id: webhookId } },
    });
    return data?.data.deliveries.some((delivery) => delivery.status === 'delivered');
  });
  return verified.get(webhookId)!;
}

const receivedOf = (webhookId: string) =>
  hooks.received.find((message) => message.headers['webhook-id'] === webhookId)!;

/** The delivery as received, checked again with other secrets than the receiver held. */
function recheck(webhookId: string, secrets: string[]) {
  const { rawBody, headers } = receivedOf(webhookId);
  return verifyWebhook(rawBody, headers, { secrets });
}

describe('verifyWebhook on deliveries of the webhook worker', () => {
  it('verifies a test event signed with the partner’s first secret', async () => {
    const id = await sendTestEvent();
    const event = await deliveredAndVerified(id);
    expect(event).toMatchObject({ type: 'webhook.test', sequence: 1 });
  });

  it('verifies deliveries during a rotation with the old secret, the new one, or both', async () => {
    const second = await rotate(3_600);
    held = [firstSecret, second];
    const id = await sendTestEvent();
    const event = await deliveredAndVerified(id);
    expect(event.type).toBe('webhook.test');
    expect(String(receivedOf(id).headers['webhook-signature']).split(' ')).toHaveLength(2);
    // A receiver still on the old secret, and one already on the new one, both accept the same delivery.
    await expect(recheck(id, [firstSecret])).resolves.toEqual(event);
    await expect(recheck(id, [second])).resolves.toEqual(event);

    const account = gw.vault.wallets[0]!.address;
    const action = await client.createAction('deposit', {
      amountRaw: (25n * USDC).toString(),
      account,
      receiver: account,
      slippageBps: 50,
    });
    const { data: events } = unwrap(
      await client.api.GET('/api/v1/partner/events', { params: { query: { type: 'action.updated' } } }),
    );
    const created = await deliveredAndVerified(events[0]!.id);
    if (created.type !== 'action.updated') throw new Error(`expected action.updated, got ${created.type}`);
    // The union narrows on `type`: data is the PartnerAction.
    expect(created.data).toMatchObject({ id: action.id, action: 'deposit', status: 'created' });
  });

  it('refuses the retired secrets once a rotation without overlap ended them', async () => {
    const previous = held;
    const third = await rotate(0);
    held = [third];
    const id = await sendTestEvent();
    await deliveredAndVerified(id);
    const refused = await recheck(id, previous).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WebhookVerificationError);
    expect((refused as WebhookVerificationError).reason).toBe('no_matching_signature');
  });
});
