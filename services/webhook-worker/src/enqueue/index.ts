import { Queue } from 'bullmq';
import type { QueuedDelivery } from '@yv/db';
import { deliveryJob, WEBHOOK_DELIVERY_QUEUE, type DeliveryJobData } from '@yv/domain';
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
 * Adds one job per delivery, each named by its delivery id (a delivery that already has a job keeps that one),
 * taken after `delayMs`.
 * @throws when Redis does not take them within `timeoutMs`; the deliveries stay pending in Postgres.
 */
export async function enqueueDeliveries(
  queue: Queue,
  deliveries: readonly QueuedDelivery[],
  timeoutMs: number,
  delayMs = 0,
): Promise<void> {
  await addJobs(
    queue,
    deliveries.map((delivery) => deliveryJob(delivery, delayMs)),
    timeoutMs,
  );
}

const DELIVER_GROUP_JOB = 'deliver-group';

/** A job of the relay: several new deliveries, each still claimed, sent, recorded and retried on its own. */
export interface DeliveryGroupJobData {
  deliveryIds: string[];
}

export type AnyDeliveryJobData = DeliveryJobData | DeliveryGroupJobData;

export function isDeliveryGroup(data: AnyDeliveryJobData): data is DeliveryGroupJobData {
  return 'deliveryIds' in data;
}

/**
 * The relay's adds: up to `perJob` new deliveries per job, so BullMQ's own cost (an add, a take and a finish, each a
 * Redis script) is paid once per group rather than once per delivery. A group's job is named after its first
 * delivery (`group.<delivery id>`), which no other job can be; a lone delivery gets its own job, as the sweep would
 * name it. A delivery that has to wait for a retry leaves its group for a job of its own (deliveryJob).
 * @throws when Redis does not take them within `timeoutMs`; the deliveries stay pending in Postgres for the sweep.
 */
export async function enqueueDeliveryGroups(
  queue: Queue,
  deliveries: readonly QueuedDelivery[],
  perJob: number,
  timeoutMs: number,
): Promise<void> {
  const jobs: Parameters<Queue['addBulk']>[0] = [];
  for (let start = 0; start < deliveries.length; start += perJob) {
    const group = deliveries.slice(start, start + perJob);
    const [first] = group;
    if (!first) break;
    if (group.length === 1) jobs.push(deliveryJob(first));
    else {
      const data: DeliveryGroupJobData = { deliveryIds: group.map((delivery) => delivery.id) };
      jobs.push({
        name: DELIVER_GROUP_JOB,
        data,
        opts: { jobId: `group.${first.id}`, removeOnComplete: true, removeOnFail: true },
      });
    }
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
    queue.addBulk(jobs),
    timeoutMs,
    () => new Error(`enqueue webhook deliveries: no answer within ${timeoutMs}ms`),
  );
}
