import { Worker } from 'bullmq';
import { listWebhookDeliveries } from '@yv/db';
import { isDeliveryGroup, WEBHOOK_DELIVERY_QUEUE, type AnyDeliveryJobData } from '@yv/queue';
import { bullmqConnection } from '@yv/runtime';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import { attemptLeaseMs, deliveryJobLocks } from '../src/worker';
import { actionEvents, createPartner, ok, startReceiver, waitFor } from './support/receiver';
import { testWorker } from './support/worker';

const db = useTestDatabase();
const redis = useTestRedis();

it('delivers what a worker that died had taken from the queue (jobs active in Redis, deliveries still pending) within two leases', async () => {
  const hooks = await startReceiver(ok);
  const worker = testWorker(db, redis);
  // testWorker's timeout is 500 ms.
  const leaseMs = attemptLeaseMs({ WEBHOOK_TIMEOUT_MS: 500 });
  // A worker process with the same locks that takes jobs and dies before it claims them: its processor never ends,
  // and a forced close stops it renewing its locks, as a kill -9 would. The relay's job carries all four deliveries.
  const taken: string[] = [];
  const dying = new Worker<AnyDeliveryJobData>(
    WEBHOOK_DELIVERY_QUEUE,
    (job) => {
      taken.push(...(isDeliveryGroup(job.data) ? job.data.deliveryIds : [job.data.deliveryId]));
      return new Promise(() => undefined);
    },
    {
      connection: bullmqConnection(redis.url, 'worker'),
      prefix: redis.bullmqPrefix,
      concurrency: 10,
      ...deliveryJobLocks(leaseMs),
    },
  );
  try {
    const partner = await createPartner(db.pool, hooks.url);
    await actionEvents(db.pool, partner.id, 4);
    await worker.relayOnce();
    await waitFor('the dying worker to take every delivery', () => taken.length === 4);
    await dying.close(true);
    const rows = await listWebhookDeliveries(db.pool, partner.id);
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'pending']);

    worker.start();
    await waitFor(
      'every delivery delivered',
      async () =>
        (await listWebhookDeliveries(db.pool, partner.id)).every((row) => row.status === 'delivered'),
      2 * leaseMs,
    );
    expect(new Set(hooks.received.map((r) => r.headers['webhook-id'])).size).toBe(4);
  } finally {
    await dying.close(true);
    await worker.stop();
    await hooks.close();
  }
});
