import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { JsonRpcProvider } from 'ethers';
import type { Logger } from 'pino';
import { listSubmittedActionIds, type Pool } from '@yv/db';
import type { ActionWriter } from '@yv/actions';
import { closeWhenReady } from '../close-queue';
import { failExpiredActions } from './expire';
import { currentRequestId } from '../log';
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
   * carries the id of the request that submitted it (if any), so its log lines can be traced to that request.
   */
  follow(actionId: string): Promise<void>;
  close(): Promise<void>;
}

/** A receipt job's data: the action, and the request that submitted it (absent for the start-up pass). */
export interface ReceiptJobData {
  actionId: string;
  requestId?: string;
}

function connectionOf(redisUrl: string) {
  // BullMQ workers block on Redis; it requires maxRetriesPerRequest null on their connections.
  return { url: redisUrl, maxRetriesPerRequest: null };
}

/**
 * BullMQ: one `receipt` job per submitted action, which looks at the chain and re-delays itself every `pollMs`
 * until the action is confirmed or failed; and a repeating `expiry-sweep` job. Postgres stays the truth: at start
 * every submitted action is followed again, so a job lost with Redis never strands one.
 */
export async function startActionTracker(options: ActionTrackerOptions): Promise<ActionTracker> {
  const connection = connectionOf(options.redisUrl);
  const queue = new Queue(ACTION_QUEUE, { connection, prefix: options.prefix });
  // A Redis fault is logged, never left to an EventEmitter without an 'error' listener; Postgres stays the truth
  // and the start-up pass follows every submitted action again.
  const redisError = (source: string) => (error: Error) =>
    options.log.warn({ err: error.message, source }, 'partner action queue: Redis error');
  queue.on('error', redisError('queue'));
  const follow = async (actionId: string): Promise<void> => {
    const requestId = currentRequestId();
    await queue.add(RECEIPT_JOB, requestId ? { actionId, requestId } : { actionId }, {
      jobId: `receipt-${actionId}`,
      removeOnComplete: true,
      // A job that kept failing (RPC down) is removed so the start-up pass can follow its action again.
      removeOnFail: true,
      attempts: 5,
      backoff: { type: 'exponential', delay: options.pollMs },
    });
  };

  const process = async (job: Job, token?: string): Promise<void> => {
    if (job.name === EXPIRY_JOB) {
      const failed = await failExpiredActions(options);
      if (failed > 0) options.log.info({ failed }, 'expired unsigned partner actions');
      return;
    }
    const { actionId, requestId } = job.data as ReceiptJobData;
    const outcome = await followReceipt(options, actionId);
    if (outcome === 'pending') {
      await job.moveToDelayed(Date.now() + options.pollMs, token);
      throw new DelayedError();
    }
    options.log.info({ requestId, actionId, jobId: job.id }, 'partner action receipt settled');
  };

  const worker =
    options.work === false
      ? null
      : new Worker(ACTION_QUEUE, process, { connection, prefix: options.prefix, concurrency: 8 });
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
  await queue.upsertJobScheduler(EXPIRY_JOB, { every: options.sweepMs }, { name: EXPIRY_JOB });
  for (const actionId of await listSubmittedActionIds(options.pool)) await follow(actionId);

  return {
    follow,
    async close() {
      if (worker) await closeWhenReady(worker);
      await closeWhenReady(queue);
    },
  };
}
