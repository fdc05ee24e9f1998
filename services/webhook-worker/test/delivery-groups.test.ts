import { claimDeliveries, createIndexScanPool, listWebhookAttempts, listWebhookDeliveries } from '@yv/db';
import { isDeliveryGroup } from '@yv/queue';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import { attemptLeaseMs } from '../src/worker';
import { actionEvents, createPartner, ok, slow, startReceiver, waitFor } from './support/receiver';
import { testWorker } from './support/worker';

/** The relay's jobs carry several deliveries; each is still claimed, signed, recorded and retried on its own. */
const db = useTestDatabase();
const redis = useTestRedis();

/** A claim as the worker makes it, on an IndexScanPool of its own. */
async function claim(ids: string[], leaseMs: number) {
  const pool = createIndexScanPool(db.url, { max: 1 });
  try {
    return await claimDeliveries(pool, ids, leaseMs);
  } finally {
    await pool.end();
  }
}

const webhookIds = (received: { headers: Record<string, unknown> }[]) =>
  received.map((each) => String(each.headers['webhook-id']));

it('retries only the delivery of a relay job that failed, and records every attempt of the others once', async () => {
  const events = [] as { eventId: string }[];
  const failing = { id: '' };
  const hooks = await startReceiver();
  // The third event's first attempt fails; every other request is answered 200.
  hooks.answerWith((res, index) => {
    const id = webhookIds(hooks.received)[index];
    const firstTry = webhookIds(hooks.received).indexOf(failing.id) === index;
    void res.writeHead(id === failing.id && firstTry ? 503 : 200).end();
  });
  const worker = testWorker(db, redis, { WEBHOOK_RETRY_SCHEDULE: '0s,3s' });
  try {
    const partner = await createPartner(db.pool, hooks.url);
    events.push(...(await actionEvents(db.pool, partner.id, 5)));
    failing.id = events[2]!.eventId;
    expect(await worker.relayOnce()).toBe(5);
    const jobs = await worker.queue.getJobs(['waiting']);
    expect(jobs.map((job) => (isDeliveryGroup(job.data) ? job.data.deliveryIds.length : 1))).toEqual([5]);

    worker.start();
    const retrying = await waitFor('the failed one pending, the others delivered', async () => {
      const rows = await listWebhookDeliveries(db.pool, partner.id);
      const others = rows.filter((row) => row.eventId !== failing.id);
      const failed = rows.find((row) => row.eventId === failing.id);
      return others.every((row) => row.status === 'delivered') && failed?.status === 'pending'
        ? failed
        : undefined;
    });
    // Waiting for its retry: a duplicate job (the sweep's, say) does not take it before it is due.
    expect(await claim([retrying.id], attemptLeaseMs({ WEBHOOK_TIMEOUT_MS: 500 }))).toEqual([null]);
    // The worker records the attempt, then adds its retry job: the row may say pending a moment before the job is in.
    const retryJob = await waitFor(
      'its retry job',
      async () => (await worker.queue.getJob(retrying.id)) ?? undefined,
    );
    expect(retryJob).toMatchObject({ id: retrying.id });

    const rows = await waitFor('all delivered', async () => {
      const current = await listWebhookDeliveries(db.pool, partner.id);
      return current.every((row) => row.status === 'delivered') ? current : undefined;
    });
    for (const row of rows) {
      const attempts = await listWebhookAttempts(db.pool, row.id);
      expect(attempts.map((attempt) => attempt.statusCode)).toEqual(
        row.eventId === failing.id ? [503, 200] : [200],
      );
    }
    const sent = webhookIds(hooks.received);
    expect(sent).toHaveLength(6);
    expect(sent.filter((id) => id === failing.id)).toHaveLength(2);
    expect(new Set(sent)).toEqual(new Set(events.map((event) => event.eventId)));
  } finally {
    await worker.stop();
    await hooks.close();
  }
});

it('keeps WEBHOOK_CONCURRENCY attempts in flight at most, however many deliveries a job carries', async () => {
  let open = 0;
  let most = 0;
  const hooks = await startReceiver(
    (res) =>
      new Promise((resolve) => {
        open += 1;
        most = Math.max(most, open);
        setTimeout(() => {
          open -= 1;
          res.writeHead(200).end();
          resolve();
        }, 100).unref();
      }),
  );
  const worker = testWorker(db, redis, { WEBHOOK_CONCURRENCY: '2' });
  try {
    const partner = await createPartner(db.pool, hooks.url);
    await actionEvents(db.pool, partner.id, 6);
    await worker.relayOnce();
    worker.start();
    await waitFor('all delivered', async () => {
      const rows = await listWebhookDeliveries(db.pool, partner.id);
      return rows.length === 6 && rows.every((row) => row.status === 'delivered');
    });
    expect(most).toBe(2);
  } finally {
    await worker.stop();
    await hooks.close();
  }
});

it('a stopping worker hands the deliveries of a relay job it has not begun back to the queue', async () => {
  const hooks = await startReceiver(slow(300));
  // One delivery in flight at a time: stopping during the first leaves the other three not begun. Its sweep runs
  // once, at its start.
  const first = testWorker(db, redis, { WEBHOOK_CONCURRENCY: '1', WEBHOOK_SWEEP_MS: '10m' });
  const next = testWorker(db, redis);
  try {
    const partner = await createPartner(db.pool, hooks.url);
    const events = await actionEvents(db.pool, partner.id, 4);
    await first.relayOnce();
    first.start();
    await waitFor('the first request', () => hooks.received.length === 1);
    // The jobs the start's sweep added for the same deliveries go: what waits after the stop is what it handed back.
    await first.queue.drain();
    await first.stop();

    const rows = await listWebhookDeliveries(db.pool, partner.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['delivered', 'pending', 'pending', 'pending']);
    const handedBack = (await next.queue.getJobs(['waiting'])).map((job) => job.id).sort();
    expect(handedBack).toEqual(
      rows
        .filter((row) => row.status === 'pending')
        .map((row) => row.id)
        .sort(),
    );

    hooks.answerWith(ok);
    next.start();
    await waitFor('all delivered', async () =>
      (await listWebhookDeliveries(db.pool, partner.id)).every((row) => row.status === 'delivered'),
    );
    expect(webhookIds(hooks.received).sort()).toEqual(events.map((event) => event.eventId).sort());
  } finally {
    await first.stop();
    await next.stop();
    await hooks.close();
  }
});

it('claims a delivery asked for twice in one batch (a relay job and a sweep job) for one of them only', async () => {
  const worker = testWorker(db, redis);
  try {
    const partner = await createPartner(db.pool, 'http://127.0.0.1:9/hooks');
    await actionEvents(db.pool, partner.id, 1);
    await worker.relayOnce();
    const [row] = await listWebhookDeliveries(db.pool, partner.id);
    const claims = await claim([row!.id, row!.id], 10_000);
    expect(claims.map((claim) => claim?.attempt ?? null)).toEqual([1, null]);
  } finally {
    await worker.stop();
  }
});
