import { claimFailedDeliveries, countExhaustedDeliveries, withTransaction, type Pool } from '@yv/db';
import { ApiError, webhookRetryResult } from '@yv/domain';
import { DeliveryQueueUnavailable, enqueueDeliveries, openDeliveryQueue } from '@yv/queue';
import { closeWhenReady } from '../close-queue';

export interface WebhookRetryResult {
  checked: number;
  sent: number;
  failed: number;
  maxAttempts: number;
}

export interface WebhookRetrier {
  /** One pass over failed deliveries (see docs/webhooks.md for what the counts mean). */
  retry(): Promise<WebhookRetryResult>;
  close(): Promise<void>;
}

export interface WebhookRetrierOptions {
  pool: Pool;
  redisUrl: string;
  /** BullMQ key prefix (QUEUE_PREFIX), the webhook worker's. */
  prefix: string;
  /** The retry schedule's length (WEBHOOK_RETRY_SCHEDULE). */
  maxAttempts: number;
  /**
   * A pending delivery this far past its due time lost its delayed job and was not swept (no worker running, or
   * Redis lost the job): the call enqueues it again. Default 1 minute, well past the worker's sweep.
   */
  overdueMs?: number;
  /** Deliveries one call re-enqueues at most; the next call takes the rest. Default 1000. */
  batchSize?: number;
  /** How long Redis may take to accept the jobs before the call fails. Default 5000 ms. */
  enqueueTimeoutMs?: number;
}

/**
 * The worker follows the retry schedule itself (a failed attempt waits `pending` with a delayed job), so the cron
 * only rescues: failed deliveries with places left in a schedule made longer since, and pending ones whose job
 * was lost. Claims them and enqueues them, committing the claim only once Redis took
 * the jobs: a failed enqueue leaves them failed for the next call, and an overlapping call skips the rows this
 * one holds (and finds them pending after its commit), so no delivery is sent twice. A job that reaches the
 * worker before the commit waits on the row lock in the worker's claim.
 */
export function createWebhookRetrier(options: WebhookRetrierOptions): WebhookRetrier {
  // Redis being away is answered per call (PARTNER_WEBHOOK_RETRY_FAILED).
  const queue = openDeliveryQueue(options.redisUrl, options.prefix);
  const batchSize = options.batchSize ?? 1_000;
  const enqueueTimeoutMs = options.enqueueTimeoutMs ?? 5_000;
  return {
    async retry() {
      try {
        return await withTransaction(options.pool, async (client) => {
          const claimed = await claimFailedDeliveries(client, {
            maxAttempts: options.maxAttempts,
            limit: batchSize,
            overdueMs: options.overdueMs ?? 60_000,
          });
          const exhausted = await countExhaustedDeliveries(client, options.maxAttempts);
          await enqueueDeliveries(queue, claimed, enqueueTimeoutMs);
          return webhookRetryResult(claimed.length, exhausted, options.maxAttempts);
        });
      } catch (error) {
        if (error instanceof DeliveryQueueUnavailable)
          throw new ApiError(
            'PARTNER_WEBHOOK_RETRY_FAILED',
            'the webhook queue is unavailable; failed deliveries stay failed and the next call retries them',
            { cause: error },
          );
        throw new ApiError(
          'PARTNER_WEBHOOK_FAILED',
          'failed deliveries could not be read or claimed; nothing was re-enqueued, retry the call',
          { cause: error },
        );
      }
    },
    close: () => closeWhenReady(queue),
  };
}
