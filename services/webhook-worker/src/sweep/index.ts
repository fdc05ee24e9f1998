import { listDueDeliveries, type Pool, type QueuedDelivery } from '@yv/db';

const SWEEP_BATCH = 1_000;

/**
 * Enqueues again the deliveries that are due and may have no job (Redis lost it, or was down at enqueue); one
 * that still has a job keeps it. @returns deliveries offered to the queue.
 */
export async function sweepDueDeliveries(
  pool: Pool,
  leaseMs: number,
  enqueue: (deliveries: QueuedDelivery[]) => Promise<void>,
): Promise<number> {
  const due = await listDueDeliveries(pool, { leaseMs, limit: SWEEP_BATCH });
  await enqueue(due);
  return due.length;
}
