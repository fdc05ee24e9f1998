import { Queue } from 'bullmq';
import { bullmqConnection, withTimeout } from '@yv/runtime';
import { deliveryGroupJob, deliveryJob, WEBHOOK_DELIVERY_QUEUE } from './delivery-jobs';

/**
 * The one producer of the webhook delivery queue: the relay, the sweep and the retries of the worker, and the
 * gateway's redelivery and cron rescue all add their jobs here, so every job of a delivery gets the same id.
 */

/** A delivery to hand to the queue; `delayMs`: taken no sooner. */
export interface DeliveryToQueue {
  id: string;
  /** Attempts made so far: an abandoned delivery's job is named by them too. */
  attempts: number;
  abandoned?: boolean;
  delayMs?: number;
  /** Whose endpoint it goes to: carried in the job, for the worker's per-endpoint caps. */
  partnerId?: string;
}

/** Redis refused the jobs or did not answer in time: the deliveries wait in Postgres for the sweep or the cron. */
export class DeliveryQueueUnavailable extends Error {
  override name = 'DeliveryQueueUnavailable';
}

/** Fails a command at once while Redis is away instead of waiting for it. */
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
 * @throws DeliveryQueueUnavailable when Redis does not take them within `timeoutMs`.
 */
export async function enqueueDeliveries(
  queue: Queue,
  deliveries: readonly DeliveryToQueue[],
  timeoutMs: number,
): Promise<void> {
  await addJobs(
    queue,
    deliveries.map((delivery) => deliveryJob(delivery, delivery.delayMs)),
    timeoutMs,
  );
}

/**
 * The relay's adds: up to `perJob` new deliveries per job, so BullMQ's own cost (an add, a take and a finish, each a
 * Redis script) is paid once per group rather than once per delivery. A lone delivery gets its own job, as the sweep
 * would name it. A delivery that has to wait for a retry leaves its group for a job of its own.
 * @throws DeliveryQueueUnavailable when Redis does not take them within `timeoutMs`.
 */
export async function enqueueDeliveryGroups(
  queue: Queue,
  deliveries: readonly DeliveryToQueue[],
  perJob: number,
  timeoutMs: number,
): Promise<void> {
  const jobs: Parameters<Queue['addBulk']>[0] = [];
  for (let start = 0; start < deliveries.length; start += perJob) {
    const group = deliveries.slice(start, start + perJob);
    const [first, ...rest] = group;
    if (!first) break;
    jobs.push(rest.length === 0 ? deliveryJob(first) : deliveryGroupJob([first, ...rest]));
  }
  await addJobs(queue, jobs, timeoutMs);
}

async function addJobs(
  queue: Queue,
  jobs: Parameters<Queue['addBulk']>[0],
  timeoutMs: number,
): Promise<void> {
  if (jobs.length === 0) return;
  await withTimeout(
    queue.addBulk(jobs).catch((error: unknown) => {
      throw new DeliveryQueueUnavailable('Redis refused the jobs', { cause: error });
    }),
    timeoutMs,
    () => new DeliveryQueueUnavailable(`no answer from Redis within ${timeoutMs} ms`),
  );
}
