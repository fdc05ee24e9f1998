// layouts: both
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { insertOutboxEvent, listWebhookDeliveries, type OutboxEventRow } from '@yv/db';
import { createValidator } from '@yv/schemas';
import type { WebhookWorker } from '../../webhook-worker/src';
import {
  actionEvents,
  ok,
  startReceiver,
  status,
  waitFor,
  type Received,
  type Receiver,
} from '../../webhook-worker/test/support/receiver';
import { testWorker } from '../../webhook-worker/test/support/worker';
import { createPartner, setWebhook } from '../src/admin/commands';
import { useTestGateway } from './support/gateway';
import { expectError } from './support/partner';

/**
 * The partner's webhook event log over HTTP (gateway app + supertest) with the real webhook worker delivering to
 * real receivers: listing and paging, one event with its attempts, isolation between partners, redelivery of one
 * event and of everything since a time, each redelivered message verified by standardwebhooks.
 */
const BATCH = 3;
const PER_SECOND = 20;
const gw = useTestGateway({
  env: { WEBHOOK_REDELIVER_BATCH: String(BATCH), WEBHOOK_REDELIVER_PER_SECOND: String(PER_SECOND) },
});
const validator = createValidator();
const receivers: Receiver[] = [];
let worker: WebhookWorker;

beforeAll(() => {
  // Two attempts 50 ms apart, then failed: an outage outlasts the schedule at once.
  worker = testWorker(
    { pool: gw.pool, url: gw.config.DATABASE_URL },
    { url: gw.config.REDIS_URL, bullmqPrefix: gw.config.QUEUE_PREFIX },
    { WEBHOOK_RETRY_SCHEDULE: '0s,50ms' },
  );
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

async function partner(webhookUrl?: string) {
  const created = await createPartner(gw.pool, { name: 'events', ...(webhookUrl ? { webhookUrl } : {}) });
  const auth = (req: request.Test) => req.set('authorization', `Bearer ${created.apiKey}`);
  return {
    ...created,
    list: (query: Record<string, string> = {}) =>
      auth(request(gw.app).get('/api/v1/partner/events').query(query)),
    get: (id: string) => auth(request(gw.app).get(`/api/v1/partner/events/${id}`)),
    redeliver: (id: string) => auth(request(gw.app).post(`/api/v1/partner/events/${id}/redeliver`)),
    redeliverSince: (body: unknown) =>
      auth(request(gw.app).post('/api/v1/partner/events/redeliver')).send(body as object),
  };
}

function valid<T>(schema: Parameters<typeof validator.validate>[0], res: request.Response, code: number): T {
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status: code });
  expect(validator.validate(schema, res.body)).toEqual({ ok: true });
  return res.body.data as T;
}

interface EventJson {
  id: string;
  type: string;
  createdAt: string;
  sequence: number;
  data: unknown;
}

interface DeliveryJson {
  status: string;
  attemptCount: number;
  attempts: {
    attempt: number;
    at: string;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
  }[];
}

const headersOf = (received: Received) =>
  Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));

const delivered = (partnerId: string, count: number) =>
  waitFor(`${count} delivered`, async () => {
    const rows = await listWebhookDeliveries(gw.pool, partnerId);
    return rows.length === count && rows.every((row) => row.status === 'delivered') ? rows : undefined;
  });

const settled = (partnerId: string, count: number) =>
  waitFor(`${count} settled`, async () => {
    const rows = await listWebhookDeliveries(gw.pool, partnerId);
    return rows.length === count && rows.every((row) => ['delivered', 'failed'].includes(row.status))
      ? rows
      : undefined;
  });

/** Sets the events' creation times, oldest first, one minute apart ending `endMinutesAgo` ago. */
async function spread(events: OutboxEventRow[], endMinutesAgo: number) {
  for (const [index, event] of events.entries()) {
    await gw.pool.query(
      `UPDATE outbox_events SET created_at = now() - $2 * interval '1 minute' WHERE event_id = $1`,
      [event.eventId, endMinutesAgo + events.length - 1 - index],
    );
  }
}

describe('list', () => {
  it('lists the partner events newest first, paged, by type and since', async () => {
    const hooks = await receiver(ok);
    const p = await partner(hooks.url);
    const actions = await actionEvents(gw.pool, p.partnerId, 3);
    const redeems = [];
    for (let i = 0; i < 2; i += 1)
      redeems.push(
        await insertOutboxEvent(gw.pool, {
          type: 'redeem.updated',
          aggregateId: '7',
          partnerId: p.partnerId,
          payload: { id: '7', status: i === 0 ? 'pending' : 'claimable' },
        }),
      );
    const all = [actions[0]!, redeems[0]!, actions[1]!, redeems[1]!, actions[2]!];
    await spread(all, 10);
    const newestFirst = [...all].reverse().map((event) => event.eventId);

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await p.list({ limit: '2', ...(cursor ? { cursor } : {}) });
      const events = valid<EventJson[]>('PartnerEventListResponse', res, 200);
      pages.push(events.map((event) => event.id));
      cursor = res.body.meta.nextCursor as string | null;
    } while (cursor);
    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);

    const first = valid<EventJson[]>('PartnerEventListResponse', await p.list(), 200)[4]!;
    expect(first).toEqual({
      id: actions[0]!.eventId,
      type: 'action.updated',
      createdAt: expect.any(String),
      sequence: 1,
      data: actions[0]!.payload,
    });

    const redeemOnly = valid<EventJson[]>(
      'PartnerEventListResponse',
      await p.list({ type: 'redeem.updated' }),
      200,
    );
    expect(redeemOnly.map((event) => event.id)).toEqual([redeems[1]!.eventId, redeems[0]!.eventId]);

    const recent = await p.list({ since: new Date(Date.now() - 12.5 * 60_000).toISOString() });
    expect(valid<EventJson[]>('PartnerEventListResponse', recent, 200).map((event) => event.id)).toEqual(
      newestFirst.slice(0, 3),
    );
  });

  it.each([
    ['an unknown type', { type: 'action.created' }],
    ['a since that is not a date-time', { since: 'yesterday' }],
    ['a date without a zone', { since: '2026-11-24T09:00:00' }],
    ['a cursor it did not issue', { cursor: 'bm90LWEtY3Vyc29y' }],
    ['a limit of 0', { limit: '0' }],
    ['a repeated type', 'type=action.updated&type=redeem.updated'],
  ])('answers 400 BAD_REQUEST to %s', async (_name, query) => {
    const p = await partner();
    expectError(await p.list(query as Record<string, string>), 400, 'BAD_REQUEST');
  });
});

describe('isolation', () => {
  it("never shows or redelivers another partner's event: 404 as for no event", async () => {
    const hooks = await receiver(ok);
    const owner = await partner(hooks.url);
    const other = await partner(hooks.url);
    const [event] = await actionEvents(gw.pool, owner.partnerId, 1);
    await actionEvents(gw.pool, other.partnerId, 1);
    await delivered(owner.partnerId, 1);

    expectError(await other.get(event!.eventId), 404, 'BAD_REQUEST');
    expectError(await other.redeliver(event!.eventId), 404, 'BAD_REQUEST');
    const listed = valid<EventJson[]>('PartnerEventListResponse', await other.list({ limit: '100' }), 200);
    expect(listed.map((row) => row.id)).not.toContain(event!.eventId);
    expect(listed).toHaveLength(1);
    // A cursor naming the other partner's event leads nowhere.
    const foreign = Buffer.from(`e:${event!.eventId}`).toString('base64url');
    expect(
      valid<EventJson[]>('PartnerEventListResponse', await other.list({ cursor: foreign }), 200),
    ).toEqual([]);
    expectError(await owner.get('00000000-0000-4000-8000-000000000000'), 404, 'BAD_REQUEST');
    expectError(await owner.get('not-an-id'), 404, 'BAD_REQUEST');
    // Nothing was sent again.
    expect(hooks.received.filter((r) => r.headers['webhook-id'] === event!.eventId)).toHaveLength(1);
  });

  it('answers 401 without a partner key', async () => {
    expectError(await request(gw.app).get('/api/v1/partner/events'), 401, 'PARTNER_UNAUTHORIZED');
  });
});

describe('one event', () => {
  it('shows the event with its delivery and every attempt', async () => {
    const hooks = await receiver((res, index) => void res.writeHead(index === 0 ? 500 : 204).end());
    const p = await partner(hooks.url);
    const [event] = await actionEvents(gw.pool, p.partnerId, 1);
    await delivered(p.partnerId, 1);

    const detail = valid<EventJson & { deliveries: DeliveryJson[] }>(
      'PartnerEventResponse',
      await p.get(event!.eventId),
      200,
    );
    expect(detail).toMatchObject({ id: event!.eventId, type: 'action.updated', sequence: 1 });
    expect(detail.deliveries).toEqual([
      expect.objectContaining({ status: 'delivered', attemptCount: 2, url: hooks.url, nextAttemptAt: null }),
    ]);
    expect(detail.deliveries[0]!.attempts).toEqual([
      {
        attempt: 1,
        at: expect.any(String),
        statusCode: 500,
        durationMs: expect.any(Number),
        error: 'receiver answered 500',
      },
      { attempt: 2, at: expect.any(String), statusCode: 204, durationMs: expect.any(Number), error: null },
    ]);
  });

  it('redelivers an event with the same webhook-id and body, verified by standardwebhooks', async () => {
    const hooks = await receiver(ok);
    const p = await partner(hooks.url);
    const [event] = await actionEvents(gw.pool, p.partnerId, 1);
    await delivered(p.partnerId, 1);

    const delivery = valid<DeliveryJson>('WebhookDeliveryResponse', await p.redeliver(event!.eventId), 202);
    expect(['pending', 'delivering', 'delivered']).toContain(delivery.status);
    await waitFor('second message', () => hooks.received.length === 2);
    const [first, again] = hooks.received as [Received, Received];
    const wh = new Webhook(p.webhookSecret);
    expect(wh.verify(again.rawBody, headersOf(again))).toEqual(wh.verify(first.rawBody, headersOf(first)));
    expect(again.headers['webhook-id']).toBe(event!.eventId);
    expect(first.headers['webhook-id']).toBe(event!.eventId);
    expect(again.rawBody).toBe(first.rawBody);

    await delivered(p.partnerId, 1);
    const detail = valid<{ deliveries: DeliveryJson[] }>(
      'PartnerEventResponse',
      await p.get(event!.eventId),
      200,
    );
    expect(detail.deliveries[0]!.attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [1, 200],
      [2, 200],
    ]);
  });

  it('delivers an event relayed while the partner had no webhook URL once it has one', async () => {
    const hooks = await receiver(ok);
    const p = await partner();
    const [event] = await actionEvents(gw.pool, p.partnerId, 1);
    await waitFor('relayed', async () => {
      const { rows } = await gw.pool.query(
        `SELECT 1 FROM outbox_events e
          WHERE e.event_id = $1 AND NOT EXISTS (SELECT 1 FROM outbox_unrelayed u WHERE u.outbox_id = e.id)`,
        [event!.eventId],
      );
      return rows.length === 1;
    });
    expect(await listWebhookDeliveries(gw.pool, p.partnerId)).toEqual([]);
    await setWebhook(gw.pool, { partnerId: p.partnerId, url: hooks.url });

    valid<DeliveryJson>('WebhookDeliveryResponse', await p.redeliver(event!.eventId), 202);
    await delivered(p.partnerId, 1);
    expect(hooks.received.map((received) => received.headers['webhook-id'])).toEqual([event!.eventId]);
    new Webhook(p.webhookSecret).verify(hooks.received[0]!.rawBody, headersOf(hooks.received[0]!));
  });

  it('answers 400 BAD_REQUEST without a webhook URL, or with the endpoint disabled', async () => {
    const none = await partner();
    const [event] = await actionEvents(gw.pool, none.partnerId, 1);
    expectError(await none.redeliver(event!.eventId), 400, 'BAD_REQUEST');
    expect(await listWebhookDeliveries(gw.pool, none.partnerId)).toEqual([]);

    const gone = await receiver(status(410));
    const p = await partner(gone.url);
    const [disabled] = await actionEvents(gw.pool, p.partnerId, 1);
    await waitFor(
      'disabled',
      async () => (await listWebhookDeliveries(gw.pool, p.partnerId))[0]?.status === 'disabled',
    );
    expectError(await p.redeliver(disabled!.eventId), 400, 'BAD_REQUEST');
    expectError(
      await p.redeliverSince({ since: new Date(Date.now() - 60_000).toISOString() }),
      400,
      'BAD_REQUEST',
    );
    expect((await listWebhookDeliveries(gw.pool, p.partnerId)).map((row) => row.status)).toEqual([
      'disabled',
    ]);
  });
});

describe('bulk redelivery', () => {
  it('recovers every event since a time after a receiver outage, paced, in calls of at most the batch', async () => {
    const hooks = await receiver(ok);
    const p = await partner(hooks.url);
    const [before] = await actionEvents(gw.pool, p.partnerId, 1);
    await delivered(p.partnerId, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date();

    // The outage: every attempt of the schedule fails.
    hooks.answerWith(status(503));
    const during = await actionEvents(gw.pool, p.partnerId, 5);
    await settled(p.partnerId, 6);
    hooks.answerWith(ok);
    const receivedBefore = hooks.received.length;

    // Calls of at most the batch, each going on from the last one's `nextSince`, until none is left.
    type Call = { redelivered: number; skipped: number; nextSince: string | null; remaining: number };
    const calls: Call[] = [];
    let from: string | null = since.toISOString();
    while (from !== null) {
      const answer: Call = valid<Call>(
        'EventRedeliverResultResponse',
        await p.redeliverSince({ since: from }),
        202,
      );
      calls.push(answer);
      from = answer.nextSince;
      // The next call's due times then all come after this one's, so each call's spacing reads off the sorted times.
      await new Promise((resolve) => setTimeout(resolve, BATCH * (1_000 / PER_SECOND) + 20));
    }
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((call) => call.redelivered <= BATCH && call.skipped === 0)).toBe(true);
    expect(calls.reduce((sum, call) => sum + call.redelivered, 0)).toBe(5);
    expect(calls.map((call) => call.remaining)).toEqual(
      calls.map((_, index) => 5 - calls.slice(0, index + 1).reduce((sum, call) => sum + call.redelivered, 0)),
    );

    await delivered(p.partnerId, 6);
    const again = hooks.received.slice(receivedBefore);
    const ids = again.map((received) => String(received.headers['webhook-id']));
    expect([...ids].sort()).toEqual(during.map((event) => event.eventId).sort());
    expect(ids).not.toContain(before!.eventId);
    const wh = new Webhook(p.webhookSecret);
    for (const received of again) {
      const event = during.find((row) => row.eventId === received.headers['webhook-id'])!;
      expect(wh.verify(received.rawBody, headersOf(received))).toMatchObject({
        sequence: event.sequence,
        data: event.payload,
      });
    }
    // Paced: the first call made its events due 1 / PER_SECOND apart (the due times are stored), and none went out
    // before its due time.
    // Each call's events are due one spacing apart, and every call's after the one before (the order the log pages
    // them, not necessarily `during`'s).
    const rows = await listWebhookDeliveries(gw.pool, p.partnerId);
    const dueOf = (eventId: string) => rows.find((row) => row.eventId === eventId)!.nextAttemptAt.getTime();
    const due = during.map((event) => dueOf(event.eventId)).sort((x, y) => x - y);
    let first = 0;
    for (const call of calls) {
      const own = due.slice(first, first + call.redelivered);
      expect(own.slice(1).map((at, index) => at - own[index]!)).toEqual(
        Array(Math.max(0, call.redelivered - 1)).fill(1_000 / PER_SECOND),
      );
      first += call.redelivered;
    }
    for (const event of during) {
      const sent = again.find((received) => received.headers['webhook-id'] === event.eventId)!;
      expect(sent.at).toBeGreaterThanOrEqual(dueOf(event.eventId) - 25);
    }
  });

  it('redelivers only the event types the endpoint subscribes to, as the relay delivers', async () => {
    const hooks = await receiver(ok);
    const p = await partner(hooks.url);
    await gw.pool.query(`UPDATE partners SET webhook_event_types = '{redeem.updated}' WHERE id = $1`, [
      p.partnerId,
    ]);
    const since = new Date(Date.now() - 1_000);
    await actionEvents(gw.pool, p.partnerId, 2);
    const redeem = await insertOutboxEvent(gw.pool, {
      type: 'redeem.updated',
      aggregateId: '8',
      partnerId: p.partnerId,
      payload: { id: '8', status: 'pending' },
    });
    await delivered(p.partnerId, 1);

    const answer = valid<object>(
      'EventRedeliverResultResponse',
      await p.redeliverSince({ since: since.toISOString() }),
      202,
    );
    expect(answer).toEqual({ redelivered: 1, skipped: 0, nextSince: null, remaining: 0 });
    await waitFor('sent again', () => hooks.received.length === 2);
    expect(hooks.received.map((received) => received.headers['webhook-id'])).toEqual([
      redeem.eventId,
      redeem.eventId,
    ]);
  });

  it.each([
    ['a since older than the retention', { since: '2020-01-01T00:00:00Z' }],
    ['a since that is not a date-time', { since: 'last week' }],
    ['a since in the future', { since: new Date(Date.now() + 3_600_000).toISOString() }],
    ['an unknown field', { since: new Date().toISOString(), force: true }],
    ['no since', {}],
  ])('answers 400 BAD_REQUEST to %s and changes nothing', async (_name, body) => {
    const hooks = await receiver(ok);
    const p = await partner(hooks.url);
    await actionEvents(gw.pool, p.partnerId, 1);
    const rows = await delivered(p.partnerId, 1);
    expectError(await p.redeliverSince(body), 400, 'BAD_REQUEST');
    expect(await listWebhookDeliveries(gw.pool, p.partnerId)).toEqual(rows);
  });
});
