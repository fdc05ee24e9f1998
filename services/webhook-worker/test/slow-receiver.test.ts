import { listWebhookAttempts, listWebhookDeliveries } from '@yv/db';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import { actionEvents, createPartner, ok, slow, startReceiver, waitFor } from './support/receiver';
import { testWorker } from './support/worker';

const db = useTestDatabase();
const redis = useTestRedis();

it('a receiver that does not answer holds its own deliveries only: every other partner is served meanwhile', async () => {
  // A timeout far longer than the test: the slow partner's attempts stay open the whole time, so the fast
  // partner being served proves they do not block it — no clock in the assertion.
  const worker = testWorker(db, redis, { WEBHOOK_TIMEOUT_MS: '120s' });
  worker.start();
  const slowHooks = await startReceiver(slow(600_000));
  const fastHooks = await startReceiver(ok);
  try {
    const slowPartner = await createPartner(db.pool, slowHooks.url);
    const fastPartner = await createPartner(db.pool, fastHooks.url);
    await actionEvents(db.pool, slowPartner.id, 2);
    await waitFor('both slow requests open', () => slowHooks.received.length === 2);
    await actionEvents(db.pool, fastPartner.id, 5);
    await waitFor('fast partner served', async () => {
      const rows = await listWebhookDeliveries(db.pool, fastPartner.id);
      return rows.length === 5 && rows.every((row) => row.status === 'delivered');
    });
    expect(fastHooks.received).toHaveLength(5);
    const slowRows = await listWebhookDeliveries(db.pool, slowPartner.id);
    expect(slowRows.map((row) => row.status)).toEqual(['delivering', 'delivering']);
    for (const row of slowRows) expect(await listWebhookAttempts(db.pool, row.id)).toEqual([]);
  } finally {
    // Closing the receiver resets the open requests, so the worker's stop does not wait out the timeout.
    await slowHooks.close();
    await fastHooks.close();
    await worker.stop();
  }
});
