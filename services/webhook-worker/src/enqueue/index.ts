import { Queue } from 'bullmq';
import type { QueuedDelivery } from '@yv/db';
import { deliveryJob, WEBHOOK_DELIVERY_QUEUE } from '@yv/domain';
import { bullmqConnection, withTimeout } from '@yv/runtime';

/** The producer side: fails a command at once while Redis is away instead of waiting for it. */
export function openDeliveryQueue(redisUrl: string, prefix: string): Queue {
  const queue = new Queue(WEBHOOK_DELIVERY_QUEUE, {
    connection: bullmqConnection(redisUrl, 'producer'),
    prefix,
  });
  // Redis going away is expected (the deliveries wait in Postgres); without a listener the error would crash us.
  queue.on('error', () => undefined);
  return queue;
}

/**
 * Adds one job per delivery, each named by its delivery id (a delivery that already has a job keeps that one).
 * @throws when Redis does not take them within `timeoutMs`; the deliveries stay pending in Postgres.
 */
export async function enqueueDeliveries(
  queue: Queue,
  deliveries: readonly QueuedDelivery[],
  timeoutMs: number,
): Promise<void> {
  if (deliveries.length === 0) return;
  await withTimeout(
    queue.addBulk(deliveries.map((delivery) => deliveryJob(delivery))),
    timeoutMs,
    () => new Error(`enqueue webhook deliveries: no answer within ${timeoutMs}ms`),
  );
}
