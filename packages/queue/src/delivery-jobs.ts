/** The webhook delivery queue's jobs: what the producer adds and the worker takes. */

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';
const DELIVER_JOB = 'deliver';
const DELIVER_GROUP_JOB = 'deliver-group';

export interface DeliveryJobData {
  deliveryId: string;
  /** Whose endpoint it goes to, when the producer knows (the relay, the sweep, the worker's retries). */
  partnerId?: string;
}

/** A job of the relay: several new deliveries, each still claimed, sent, recorded and retried on its own. */
export interface DeliveryGroupJobData {
  deliveryIds: string[];
  /** The partner of each delivery, in the same order. */
  partnerIds?: string[];
}

export type AnyDeliveryJobData = DeliveryJobData | DeliveryGroupJobData;

export function isDeliveryGroup(data: AnyDeliveryJobData): data is DeliveryGroupJobData {
  return 'deliveryIds' in data;
}

/**
 * One queue job per delivery, named by the delivery id: BullMQ ignores an add whose job id exists, so enqueuing a
 * delivery twice (relay retried, sweep, cron, redelivery) yields one job. Jobs are removed when they end, so a
 * delivery that goes back to pending later (cron retry, redelivery) can be enqueued again under the same id. An
 * abandoned delivery (its worker died mid-attempt, leaving the job active in Redis until BullMQ notices the stall)
 * gets a job named by its attempt count too (`<delivery id>.<attempts>`; BullMQ refuses a colon), so the sweep's
 * add is not ignored.
 */
export function deliveryJob(
  delivery: { id: string; attempts: number; abandoned?: boolean; partnerId?: string },
  delayMs = 0,
) {
  const data: DeliveryJobData = {
    deliveryId: delivery.id,
    ...(delivery.partnerId ? { partnerId: delivery.partnerId } : {}),
  };
  return {
    name: DELIVER_JOB,
    data,
    opts: {
      jobId: delivery.abandoned ? `${delivery.id}.${delivery.attempts}` : delivery.id,
      removeOnComplete: true,
      removeOnFail: true,
      ...(delayMs > 0 ? { delay: delayMs } : {}),
    },
  };
}

/**
 * A relay job's group of new deliveries, named after its first delivery (`group.<delivery id>`), which no other
 * job can be.
 */
export function deliveryGroupJob(
  deliveries: [{ id: string; partnerId?: string }, ...{ id: string; partnerId?: string }[]],
) {
  const data: DeliveryGroupJobData = {
    deliveryIds: deliveries.map((delivery) => delivery.id),
    ...(deliveries.every((delivery) => delivery.partnerId)
      ? { partnerIds: deliveries.map((delivery) => delivery.partnerId!) }
      : {}),
  };
  return {
    name: DELIVER_GROUP_JOB,
    data,
    opts: { jobId: `group.${deliveries[0].id}`, removeOnComplete: true, removeOnFail: true },
  };
}
