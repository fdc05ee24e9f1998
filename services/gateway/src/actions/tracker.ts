import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { JsonRpcProvider } from 'ethers';
import type { Logger } from 'pino';
import { listSubmittedActionIds, type Pool } from '@yv/db';
import type { ActionWriter } from '@yv/actions';
import { bullmqConnection, withTimeout } from '@yv/runtime';
import { closeWhenReady } from '../close-queue';
import { failExpiredActions } from './expire';
import { followReceipt } from './follow-receipt';

export const ACTION_QUEUE = 'partner-actions';
const RECEIPT_JOB = 'receipt';
const EXPIRY_JOB = 'expiry-sweep';

export interface ActionTrackerOptions {
  pool: Pool;
  writer: ActionWriter;
  provider: JsonRpcProvider;
  log: Logger;
  redisUrl: string;
  /** BullMQ key prefix (QUEUE_PREFIX). */
  prefix: string;
  /** ACTION_DROP_WINDOW, ms. */
  dropWindowMs: number;
  /** ACTION_RECEIPT_POLL, ms: the delay between two looks at one receipt. */
  pollMs: number;
  /** ACTION_EXPIRY_SWEEP, ms. */
  sweepMs: number;
  /** Run the worker in this process (default true); false only enqueues (another replica works). */
  work?: boolean;
}

export interface ActionTracker {
  /**
   * Follows a submitted action's receipt until it settles. One job per action: a second call is a no-op. The job
   * carries the id of the request that submitted it, when given (not by the start-up pass and the sweep), so its log
   * lines can be traced to that request.
   */
  follow(actionId: string, requestId?: string): Promise<void>;
  close(): Promise<void>;
}

/** A receipt job's data: the action, and the request that submitted it (absent for the start-up pass). */
export interface ReceiptJobData {
  actionId: string;
  requestId?: string;
}

/** How long a submit waits for Redis to take its receipt job before it answers without one. */
const ENQUEUE_TIMEOUT_MS = 1_000;

/**
 * BullMQ: one `receipt` job per submitted action, which looks at the chain and re-delays itself every `pollMs`
 * until the action is confirmed or failed; and a repeating `expiry-sweep` job. Postgres stays the truth: the
 * submitted status is the record of every follow-up, so one that Redis could not take is handed to BullMQ again
 * when Redis is back, on every sweep, and at start.
 */
export async function startActionTracker(options: ActionTrackerOptions): Promise<ActionTracker> {
  // The queue fails fast while Redis is away, so a submit answers in its usual time.
  const queue = new Queue(ACTION_QUEUE, {
    connection: bullmqConnection(options.redisUrl, 'producer'),
    prefix: options.prefix,
  });
  // A Redis fault is logged, never left to an EventEmitter without an 'error' listener.
  const redisError = (source: string) => (error: Error) =>
    options.log.warn({ err: error.message, source }, 'partner action queue: Redis error');
  queue.on('error', redisError('queue'));
  const receiptJob = (actionId: string, requestId?: string) => ({
    name: RECEIPT_JOB,
    data: requestId ? { actionId, requestId } : { actionId },
    opts: {
      jobId: `receipt-${actionId}`,
      removeOnComplete: true,
      // A job that failed for another reason is removed; the next sweep follows its action again.
      removeOnFail: true,
      attempts: 5,
      backoff: { type: 'exponential', delay: options.pollMs },
    },
  });
  /** Adds the actions' receipt jobs in one round trip; an action that has its job already keeps it (same job id). */
  const enqueue = (jobs: ReturnType<typeof receiptJob>[]) =>
    withTimeout(
      queue.addBulk(jobs),
      ENQUEUE_TIMEOUT_MS,
      () => new Error(`Redis did not take the receipt jobs within ${ENQUEUE_TIMEOUT_MS} ms`),
    );
  const follow = async (actionId: string, requestId?: string): Promise<void> => {
    try {
      await enqueue([receiptJob(actionId, requestId)]);
    } catch (error) {
      options.log.warn(
        { err: (error as Error).message, actionId },
        'receipt job not queued: the submitted action is followed again once Redis is back',
      );
    }
  };
  /** Every submitted action handed to BullMQ, as one add for the sweep and the reconnect. */
  const followAllSubmitted = async (): Promise<void> => {
    await enqueue((await listSubmittedActionIds(options.pool)).map((actionId) => receiptJob(actionId)));
  };

  const process = async (job: Job, token?: string): Promise<void> => {
    if (job.name === EXPIRY_JOB) {
      await followAllSubmitted();
      const failed = await failExpiredActions(options);
      if (failed > 0) options.log.info({ failed }, 'expired unsigned partner actions');
      return;
    }
    const { actionId, requestId } = job.data as ReceiptJobData;
    // A chain or database that cannot be read says nothing about the action: look again, spending no attempt, so
    // the receipt is seen as soon as they are back.
    const outcome = await followReceipt(options, actionId).catch((error: unknown) => {
      options.log.warn({ err: (error as Error).message, actionId }, 'receipt not readable; looking again');
      return 'pending' as const;
    });
    if (outcome === 'pending') {
      await job.moveToDelayed(Date.now() + options.pollMs, token);
      throw new DelayedError();
    }
    options.log.info({ requestId, actionId, jobId: job.id }, 'partner action receipt settled');
  };

  const worker =
    options.work === false
      ? null
      : new Worker(ACTION_QUEUE, process, {
          connection: bullmqConnection(options.redisUrl, 'worker'),
          prefix: options.prefix,
          concurrency: 8,
        });
  worker?.on('error', redisError('worker'));
  worker?.on('failed', (job, error) =>
    options.log.warn(
      {
        jobId: job?.id,
        requestId: (job?.data as Partial<ReceiptJobData> | undefined)?.requestId,
        err: error.message,
      },
      'partner action job failed',
    ),
  );
  const scheduleSweep = () =>
    queue.upsertJobScheduler(EXPIRY_JOB, { every: options.sweepMs }, { name: EXPIRY_JOB });
  await scheduleSweep();
  await followAllSubmitted();
  // Redis back after an outage: the follow-ups it could not take are handed over at once, not at the next sweep,
  // and the sweep is scheduled again in case Redis came back empty.
  (await queue.client).on('ready', () =>
    scheduleSweep().then(followAllSubmitted).catch(redisError('reconnect')),
  );

  return {
    follow,
    async close() {
      if (worker) await closeWhenReady(worker);
      await closeWhenReady(queue);
    },
  };
}
