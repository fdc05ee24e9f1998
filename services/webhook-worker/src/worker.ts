import { DelayedError, Worker, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import {
  claimDeliveries,
  countDisabledEndpoints,
  createIndexScanPool,
  createPool,
  outboxBacklog,
  recordDeliveryAttempts,
  type DeliveryAttemptResult,
  type Pool,
} from '@yv/db';
import {
  enqueueDeliveries,
  enqueueDeliveryGroups,
  isDeliveryGroup,
  openDeliveryQueue,
  WEBHOOK_DELIVERY_QUEUE,
  type AnyDeliveryJobData,
} from '@yv/queue';
import {
  batched,
  bullmqConnection,
  serviceLogger,
  startLoop,
  toLog,
  warnLostConnection,
  type Loop,
} from '@yv/runtime';
import type { WebhookWorkerConfig } from './config';
import { deliverOnce, type DeliverDeps, type DeliverStep } from './deliver';
import { DEFER_MS, endpointGate } from './deliver/endpoint-gate';
import { deliverySlots } from './deliver/slots';
import { createWebhookWorkerMetrics, type WebhookWorkerMetrics } from './metrics';
import { maintainWebhooks, type MaintenanceResult } from './maintenance';
import { relayOutbox } from './relay';
import { sweepDueDeliveries } from './sweep';

export interface WebhookWorkerOptions {
  config: WebhookWorkerConfig;
  /**
   * For the sweep, the gauges and maintenance. Default: a pool on DATABASE_URL, ended by stop(). The relay, the
   * claims and the records always run on an IndexScanPool of the worker's own on DATABASE_URL.
   */
  pool?: Pool;
  log?: Logger;
  metrics?: WebhookWorkerMetrics;
}

export interface WebhookWorker {
  /** Starts the delivery worker and the relay, sweep and metrics loops. */
  start(): void;
  /** Stops taking jobs, waits for attempts in flight, and closes what the worker opened. */
  stop(): Promise<void>;
  /** One relay statement; the pending deliveries it made are enqueued after its commit. @returns rows relayed. */
  relayOnce(): Promise<number>;
  /** Enqueues due deliveries that may have no job. @returns deliveries offered to the queue. */
  sweepOnce(): Promise<number>;
  /** Prunes events past the retention and disables endpoints failing for WEBHOOK_DISABLE_AFTER. */
  maintainOnce(): Promise<MaintenanceResult>;
  refreshMetrics(): Promise<void>;
  readonly metrics: WebhookWorkerMetrics;
  readonly queue: Queue;
}

/** Time an attempt may take past its timeout to record its outcome before its claim counts as abandoned. */
const LEASE_MARGIN_MS = 3_000;
/**
 * BullMQ's lock on the jobs a worker holds, from the attempt lease. A worker that died left its jobs active in Redis
 * while their deliveries may still read `pending` in Postgres (taken, not yet claimed), where the sweep cannot hand
 * them on: BullMQ's defaults (a 30 s lock, a stalled check every 30 s) left them there for up to a minute. With the
 * lock at the lease, a dead worker's jobs go back to wait within about one and a half leases. A live worker renews
 * its locks every half lock, whatever its attempts take.
 */
export function deliveryJobLocks(leaseMs: number): { lockDuration: number; stalledInterval: number } {
  return { lockDuration: leaseMs, stalledInterval: Math.max(1_000, Math.ceil(leaseMs / 2)) };
}

/** An attempt's lease: its timeout plus the time to record it. */
export function attemptLeaseMs(config: Pick<WebhookWorkerConfig, 'WEBHOOK_TIMEOUT_MS'>): number {
  return config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS;
}

/** Redis commands of the relay and the sweep give up after this; the rows wait in Postgres for the next pass. */
const ENQUEUE_TIMEOUT_MS = 5_000;
/**
 * Claims and attempt records share statements across the jobs in flight: up to this many rows per statement, and
 * this many statements of each kind at once (the rest of the calls gather for the next one). One at a time makes
 * the batches larger and Postgres' work per delivery smaller, which the bench finds faster than two.
 */
const STATEMENT_BATCH = 200;
const STATEMENTS_IN_FLIGHT = 1;
/**
 * Batching keeps the statements few: the claims, the records and the relay on one pool; the sweep, the gauges and
 * maintenance on the other.
 */
const BATCH_POOL_SIZE = 2 * STATEMENTS_IN_FLIGHT + 1;
const POOL_SIZE = 3;
/**
 * New deliveries one relay job carries (enqueueDeliveryGroups). Past about ten BullMQ's share of a delivery is small
 * (`pnpm --filter webhook-worker bench`); a worker holds up to WEBHOOK_CONCURRENCY jobs, so a larger group would
 * leave more deliveries waiting in one replica for a slot while another replica has free ones.
 */
const DELIVERIES_PER_JOB = 20;

/**
 * Outbox → deliveries → BullMQ → partner receivers. Postgres holds every delivery and attempt; Redis only holds
 * which delivery to try next, so losing Redis loses no event: the sweep enqueues again what should be queued.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { config } = options;
  const log = options.log ?? serviceLogger('webhook-worker', config.LOG_LEVEL);
  const metrics = options.metrics ?? createWebhookWorkerMetrics();
  const ownsPool = !options.pool;
  const onError = warnLostConnection(toLog(log));
  const pool =
    options.pool ??
    createPool(config.DATABASE_URL, { applicationName: 'yv-webhook-worker', max: POOL_SIZE, onError });
  const batchPool = createIndexScanPool(config.DATABASE_URL, {
    applicationName: 'yv-webhook-worker',
    max: BATCH_POOL_SIZE,
    onError,
  });
  const queue = openDeliveryQueue(config.REDIS_URL, config.QUEUE_PREFIX);
  // An attempt never outlives its timeout (the request is aborted then); that plus the time to record it is a worker
  // that died mid-attempt, and the sweep hands the delivery to another. A live worker that overran it at most sends
  // the same webhook-id twice, which receivers dedupe.
  const leaseMs = attemptLeaseMs(config);
  const batching = { maxBatch: STATEMENT_BATCH, maxInFlight: STATEMENTS_IN_FLIGHT };
  const deps: DeliverDeps = {
    claim: batched((ids: string[]) => claimDeliveries(batchPool, ids, leaseMs), batching),
    record: batched(
      (results: DeliveryAttemptResult[]) => recordDeliveryAttempts(batchPool, results),
      batching,
    ),
    metrics,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    urlPolicy: { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS },
    schedule: config.WEBHOOK_RETRY_SCHEDULE,
  };
  let worker: Worker | undefined;
  let loops: Loop[] = [];
  let stopping: Promise<void> | undefined;

  const slots = deliverySlots(config.WEBHOOK_CONCURRENCY);
  const gate = endpointGate({
    concurrency: config.WEBHOOK_CONCURRENCY,
    perEndpoint: config.WEBHOOK_ENDPOINT_CONCURRENCY,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });

  /** Hands deliveries to the queue; those Redis does not take wait pending in Postgres, where the sweep finds them. */
  const offer = async (what: string, deliveries: number, add: () => Promise<void>): Promise<void> => {
    try {
      await add();
    } catch (error) {
      log.warn({ err: error, deliveries }, `${what}: Redis unavailable, the sweep enqueues them later`);
    }
  };

  const relayOnce = (): Promise<number> =>
    relayOutbox({
      pool: batchPool,
      batch: config.OUTBOX_BATCH,
      metrics,
      enqueue: (deliveries) =>
        offer('relay', deliveries.length, () =>
          enqueueDeliveryGroups(queue, deliveries, DELIVERIES_PER_JOB, ENQUEUE_TIMEOUT_MS),
        ),
    });

  const sweepOnce = (): Promise<number> =>
    sweepDueDeliveries(pool, leaseMs, (deliveries) =>
      offer('sweep', deliveries.length, () => enqueueDeliveries(queue, deliveries, ENQUEUE_TIMEOUT_MS)),
    );

  const maintainOnce = async (): Promise<MaintenanceResult> => {
    const result = await maintainWebhooks(pool, {
      retentionMs: config.WEBHOOK_EVENT_RETENTION,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER,
    });
    for (const endpoint of result.disabled)
      log.warn(endpoint, 'webhook endpoint disabled: every delivery failed for WEBHOOK_DISABLE_AFTER');
    metrics.autoDisabled.inc(result.disabled.length);
    return result;
  };

  const refreshMetrics = async (): Promise<void> => {
    metrics.disabledEndpoints.set(await countDisabledEndpoints(pool));
    const backlog = await outboxBacklog(pool);
    metrics.outboxBacklog.set(backlog.count);
    metrics.outboxOldestAge.set(
      backlog.oldestCreatedAt ? Math.max(0, (Date.now() - backlog.oldestCreatedAt.getTime()) / 1000) : 0,
    );
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    for (const [state, count] of Object.entries(counts)) metrics.queueDepth.set({ state }, count);
  };

  /**
   * One attempt in a slot of its own; null when the worker began stopping before a slot was free, `deferred` when
   * its endpoint is at its cap (nothing claimed: it asks again after DEFER_MS).
   */
  const attemptInSlot = async (
    deliveryId: string,
    partnerId?: string,
  ): Promise<DeliverStep | null | 'deferred'> => {
    if (!gate.tryEnter(partnerId)) return 'deferred';
    let step: DeliverStep | null = null;
    try {
      const slot = await slots.acquire();
      if (!slot) return null;
      try {
        step = await deliverOnce(deps, { deliveryId }, slot);
        return step;
      } finally {
        slot.release();
      }
    } finally {
      gate.leave(
        partnerId,
        step === null || step.kind === 'skipped'
          ? null
          : { delivered: step.kind === 'settled' && step.status === 'delivered', durationMs: step.attemptMs },
      );
    }
  };

  /** When a delivery asks again: after its retry's delay, or DEFER_MS when its endpoint was at its cap. */
  const askAgain = (step: DeliverStep | null | 'deferred') =>
    step === 'deferred' ? { attempts: 0, delayMs: DEFER_MS } : step?.kind === 'retry' ? step : null;

  /**
   * A relay job's deliveries, each in a slot of its own and settled on its own: one that fails waits for its retry
   * in a job of its own, added as soon as its attempt is recorded, while the others go on. The job ends when every
   * delivery has; if a claim or a record failed (Postgres away), it fails, and what it left pending or delivering
   * is the sweep's, as for any lost job.
   */
  const deliverGroup = async (deliveryIds: string[], partnerIds: string[] | undefined): Promise<void> => {
    const outcomes = await Promise.allSettled(
      deliveryIds.map(async (deliveryId, index) => {
        const partnerId = partnerIds?.[index];
        const step = await attemptInSlot(deliveryId, partnerId);
        const again = askAgain(step);
        // The delivery row already says pending until then; if Redis does not take the job, the sweep adds it. A
        // deferred one leaves the group, so the group's job never waits on a failing endpoint.
        if (again)
          await offer(step === 'deferred' ? 'defer' : 'retry', 1, () =>
            enqueueDeliveries(
              queue,
              [{ id: deliveryId, attempts: again.attempts, delayMs: again.delayMs, partnerId }],
              ENQUEUE_TIMEOUT_MS,
            ),
          );
        return step;
      }),
    );
    // Stopping: the deliveries not begun go back to the queue, each in a job of its own, for the next worker.
    const notBegun = deliveryIds.filter((_, index) => {
      const outcome = outcomes[index];
      return outcome?.status === 'fulfilled' && outcome.value === null;
    });
    // Not abandoned (never claimed here), so each job is named by its delivery id alone, whatever its attempts.
    await offer('stop', notBegun.length, () =>
      enqueueDeliveries(
        queue,
        notBegun.map((id) => ({ id, attempts: 0 })),
        ENQUEUE_TIMEOUT_MS,
      ),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  };

  const processJob = async (job: Job<AnyDeliveryJobData>, token?: string): Promise<void> => {
    if (isDeliveryGroup(job.data)) return deliverGroup(job.data.deliveryIds, job.data.partnerIds);
    const step = await attemptInSlot(job.data.deliveryId, job.data.partnerId);
    const again = askAgain(step);
    if (again || step === null) {
      // The delivery row already says pending until then; if Redis loses this delayed job, the sweep re-adds it.
      // Stopping before its turn, the job goes back to the queue at once.
      await job.moveToDelayed(Date.now() + (again?.delayMs ?? 0), token);
      throw new DelayedError();
    }
  };

  const loop = (what: string, intervalMs: number, step: () => Promise<boolean | void>): Loop =>
    startLoop({ step, intervalMs, onError: (error) => log.error({ err: error }, `${what} failed`) });

  return {
    metrics,
    queue,
    relayOnce,
    sweepOnce,
    maintainOnce,
    refreshMetrics,
    start() {
      worker = new Worker<AnyDeliveryJobData>(WEBHOOK_DELIVERY_QUEUE, processJob, {
        connection: bullmqConnection(config.REDIS_URL, 'worker'),
        prefix: config.QUEUE_PREFIX,
        concurrency: config.WEBHOOK_CONCURRENCY,
        ...deliveryJobLocks(leaseMs),
      });
      worker.on('error', (error) => log.warn({ err: error }, 'delivery worker: Redis error'));
      worker.on('failed', (job, error) => log.error({ err: error, jobId: job?.id }, 'delivery job failed'));
      // Redis back after an outage: the deliveries it could not take are enqueued at once, not at the next sweep.
      void queue.client.then((client) =>
        client.on('ready', () =>
          sweepOnce().catch((error: unknown) => log.warn({ err: error }, 'sweep after reconnect failed')),
        ),
      );
      loops = [
        // A full batch means more rows wait: the relay runs again at once.
        loop('relay', config.OUTBOX_POLL_MS, async () => (await relayOnce()) === config.OUTBOX_BATCH),
        loop('sweep', config.WEBHOOK_SWEEP_MS, async () => void (await sweepOnce())),
        loop('metrics refresh', config.METRICS_REFRESH_MS, refreshMetrics),
        // A full prune batch means more old rows wait: it runs again at once.
        loop('maintenance', config.WEBHOOK_MAINTENANCE_MS, async () => (await maintainOnce()).more),
      ];
    },
    stop() {
      // Once: the pools cannot be ended twice, and a second call (a finally after a stop) waits for the first.
      stopping ??= (async () => {
        await Promise.all(loops.map((each) => each.stop()));
        slots.close();
        await worker?.close();
        await queue.close();
        await batchPool.end();
        if (ownsPool) await pool.end();
      })();
      return stopping;
    },
  };
}
