import type { ClaimedDelivery, DeliveryAttemptResult } from '@yv/db';
import {
  afterAttempt,
  attemptOutcome,
  moveDelivery,
  parseRetryAfter,
  signWebhook,
  webhookBody,
  type DeliveryStatusAfterAttempt,
  type WebhookUrlPolicy,
} from '@yv/domain';
import type { DeliveryJobData } from '@yv/queue';
import type { DeliveryOutcome, WebhookWorkerMetrics } from '../metrics';
import { postWebhook, type AttemptAnswer } from './send';
import type { AttemptSlot } from './slots';

export interface DeliverDeps {
  /** Claims a delivery for one attempt (claimDeliveries, batched); null when it is not there to take. */
  claim: (deliveryId: string) => Promise<ClaimedDelivery | null>;
  /**
   * Records an attempt and settles its delivery (recordDeliveryAttempts, batched; a 410 disables the endpoint in
   * the same statement); false when no longer ours.
   */
  record: (result: DeliveryAttemptResult) => Promise<boolean>;
  metrics: WebhookWorkerMetrics;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: which addresses an attempt may connect to. */
  urlPolicy: WebhookUrlPolicy;
  /** WEBHOOK_RETRY_SCHEDULE: the wait before each attempt, in ms. */
  schedule: readonly number[];
  clock?: () => Date;
  random?: () => number;
}

/** What became of one job run: nothing to do, a settled delivery, or a retry due after `delayMs`. */
export type DeliverStep =
  | { kind: 'skipped' }
  /** `attemptMs`: how long the receiver took (0 when nothing was sent). */
  | { kind: 'settled'; status: Exclude<DeliveryStatusAfterAttempt, 'pending'>; attemptMs: number }
  /** `attempts`: made so far, this one included. */
  | { kind: 'retry'; delayMs: number; attempts: number; attemptMs: number };

const NO_SECRET: AttemptAnswer = {
  statusCode: null,
  retryAfter: null,
  durationMs: 0,
  error: 'the partner has no active webhook secret to sign with',
};

const systemClock = (): Date => new Date();

const METRIC_OUTCOME: Record<DeliveryStatusAfterAttempt, DeliveryOutcome> = {
  delivered: 'delivered',
  pending: 'retried',
  failed: 'failed',
  disabled: 'disabled',
};

/**
 * One attempt of one delivery: claim it in Postgres (so a duplicate job or an overlapping retry sends nothing),
 * sign and POST, then record the attempt and the delivery's next status in one statement. The claim comes before
 * the request and the record after it, so a crash in between re-sends the same `webhook-id` once the lease ends:
 * at least once, never a new id. `slot` is given back once the receiver answered, before the record.
 */
export async function deliverOnce(
  deps: DeliverDeps,
  job: DeliveryJobData,
  slot: AttemptSlot,
): Promise<DeliverStep> {
  const clock = deps.clock ?? systemClock;
  const delivery = await deps.claim(job.deliveryId);
  if (!delivery) return { kind: 'skipped' };
  if (delivery.status === 'disabled') {
    deps.metrics.deliveries.inc({ outcome: 'disabled' });
    return { kind: 'settled', status: 'disabled', attemptMs: 0 };
  }
  const body = webhookBody(delivery);
  const answer =
    delivery.secrets.length === 0
      ? NO_SECRET
      : await postWebhook(
          delivery.url,
          body,
          signWebhook({
            id: delivery.eventId,
            timestampSeconds: Math.floor(clock().getTime() / 1000),
            body,
            secrets: delivery.secrets,
          }),
          deps.timeoutMs,
          deps.urlPolicy,
        );
  slot.release();
  deps.metrics.attemptDuration.observe(answer.durationMs / 1000);
  const now = clock();
  const next = afterAttempt(attemptOutcome(answer.statusCode), {
    scheduleAttempt: delivery.scheduleAttempt,
    schedule: deps.schedule,
    retryAfterMs: parseRetryAfter(answer.retryAfter, now),
    random: (deps.random ?? Math.random)(),
  });
  // The record makes whatever move this names, so it is checked against the lifecycle's edges first.
  const status = moveDelivery('record', 'delivering', next.status);
  const settled = await deps.record({
    deliveryId: delivery.id,
    attempt: delivery.attempt,
    status,
    statusCode: answer.statusCode,
    durationMs: answer.durationMs,
    error: answer.error,
    ...(next.status === 'pending' ? { nextAttemptAt: new Date(now.getTime() + next.delayMs) } : {}),
  });
  // Our lease ran out and another worker owns the delivery now: it decides what comes next.
  if (!settled) return { kind: 'skipped' };
  deps.metrics.deliveries.inc({ outcome: METRIC_OUTCOME[status] });
  return next.status === 'pending'
    ? { kind: 'retry', delayMs: next.delayMs, attempts: delivery.attempt, attemptMs: answer.durationMs }
    : { kind: 'settled', status: next.status, attemptMs: answer.durationMs };
}
