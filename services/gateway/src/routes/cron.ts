import { createHash, timingSafeEqual } from 'node:crypto';
import { Queue } from 'bullmq';
import { Router } from 'express';
import { int, secret } from '@yv/config';
import { claimFailedDeliveries, countExhaustedDeliveries, withTransaction, type Pool } from '@yv/db';
import { ApiError, deliveryJob, WEBHOOK_DELIVERY_QUEUE, webhookRetryResult } from '@yv/domain';
import { sendData } from '../http/envelope';
import { closeWhenReady } from '../close-queue';

export const CRON_WEBHOOKS_PATH = '/api/cron/webhooks';

/** Environment of the cron endpoint, spread into the gateway's spec. */
export const cronSpec = {
  /** Bearer secret of POST /api/cron/webhooks. Unset: the endpoint answers 401 to everyone. */
  CRON_SECRET: secret({ minLength: 32, optional: true }),
  /** Attempts a webhook delivery gets in total; the same value the webhook worker reads. */
  WEBHOOK_MAX_ATTEMPTS: int({ default: 8, min: 1, max: 100 }),
};

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
  maxAttempts: number;
  /** Deliveries one call re-enqueues at most; the next call takes the rest. Default 1000. */
  batchSize?: number;
  /** How long Redis may take to accept the jobs before the call fails. Default 5000 ms. */
  enqueueTimeoutMs?: number;
}

class QueueUnavailable extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailable(`no answer from Redis within ${ms}ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Claims failed deliveries that have attempts left and enqueues them, committing the claim only once Redis took
 * the jobs: a failed enqueue leaves them failed for the next call, and an overlapping call skips the rows this
 * one holds (and finds them pending after its commit), so no delivery is sent twice. A job that reaches the
 * worker before the commit waits on the row lock in the worker's claim.
 */
export function createWebhookRetrier(options: WebhookRetrierOptions): WebhookRetrier {
  const queue = new Queue(WEBHOOK_DELIVERY_QUEUE, {
    connection: { url: options.redisUrl, maxRetriesPerRequest: 1 },
    prefix: options.prefix,
  });
  // Redis being away is answered per call (PARTNER_WEBHOOK_RETRY_FAILED); the event must not crash the gateway.
  queue.on('error', () => undefined);
  const batchSize = options.batchSize ?? 1_000;
  const enqueueTimeoutMs = options.enqueueTimeoutMs ?? 5_000;
  return {
    async retry() {
      try {
        return await withTransaction(options.pool, async (client) => {
          const claimed = await claimFailedDeliveries(client, {
            maxAttempts: options.maxAttempts,
            limit: batchSize,
          });
          const exhausted = await countExhaustedDeliveries(client, options.maxAttempts);
          if (claimed.length > 0) {
            await withTimeout(
              queue.addBulk(claimed.map((delivery) => deliveryJob(delivery))).catch((error: Error) => {
                throw new QueueUnavailable(error.message);
              }),
              enqueueTimeoutMs,
            );
          }
          return webhookRetryResult(claimed.length, exhausted, options.maxAttempts);
        });
      } catch (error) {
        if (error instanceof QueueUnavailable)
          throw new ApiError(
            'PARTNER_WEBHOOK_RETRY_FAILED',
            'the webhook queue is unavailable; failed deliveries stay failed and the next call retries them',
          );
        throw new ApiError(
          'PARTNER_WEBHOOK_FAILED',
          'failed deliveries could not be read or claimed; nothing was re-enqueued, retry the call',
        );
      }
    },
    close: () => closeWhenReady(queue),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the length nor any prefix of the secret leaks through timing. */
export function cronSecretMatches(header: string | undefined, cronSecret: string | undefined): boolean {
  if (!cronSecret || !header) return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(cronSecret));
}

const UNAUTHORIZED = 'the cron secret is required in the header `Authorization: Bearer <CRON_SECRET>`';

/** POST /api/cron/webhooks: bearer CRON_SECRET, no body, answers a WebhookRetryResult. */
export function cronRouter(deps: { cronSecret: string | undefined; retrier: WebhookRetrier }): Router {
  const router = Router();
  router.post(CRON_WEBHOOKS_PATH, async (req, res) => {
    if (!cronSecretMatches(req.get('authorization'), deps.cronSecret))
      throw new ApiError('PARTNER_UNAUTHORIZED', UNAUTHORIZED);
    const result = await deps.retrier.retry();
    sendData(res, result, { updatedAt: new Date() });
  });
  return router;
}
