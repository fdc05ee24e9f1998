import { backoffMs, type BackoffPolicy } from '../backoff';

/**
 * What one attempt's answer means, when the next attempt comes, and when a delivery stops. A 2xx is delivered;
 * 410 Gone means the receiver is retired (no retry will help); anything else — 429, 5xx, other codes, a timeout,
 * a refused connection — is a failed attempt that is retried with backoff.
 */

export type AttemptOutcome = 'delivered' | 'gone' | 'retry';

/** `statusCode` null: no HTTP answer (timeout, connection error). */
export function attemptOutcome(statusCode: number | null): AttemptOutcome {
  if (statusCode === null) return 'retry';
  if (statusCode >= 200 && statusCode < 300) return 'delivered';
  if (statusCode === 410) return 'gone';
  return 'retry';
}

/**
 * A `Retry-After` header as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * @returns undefined when absent or unreadable; 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/**
 * Delay before the attempt after `attempt` (1-based): the policy's backoff, with its jitter so that receivers coming
 * back after an outage are not hit by every delivery in the same instant, and never shorter than a Retry-After the
 * receiver sent (which `maxMs` caps as well). `random` is in [0, 1).
 */
export function retryDelayMs(
  policy: BackoffPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: number,
): number {
  const backoff = backoffMs(policy, Math.max(0, attempt - 1), random);
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, policy.maxMs));
}

export interface AttemptBudget {
  /** The number of the attempt just made (1-based, across cron re-enqueues). */
  attempt: number;
  /** The delivery's attempts when its current job was enqueued. */
  fromAttempt: number;
  /** Attempts one job makes before the delivery is `failed` (WEBHOOK_QUEUE_ATTEMPTS). */
  queueAttempts: number;
  /** Attempts a delivery gets in total (WEBHOOK_MAX_ATTEMPTS). */
  maxAttempts: number;
}

export type DeliveryStatusAfterAttempt = 'delivered' | 'disabled' | 'pending' | 'failed';

/** The delivery's status after an attempt: a retry stays `pending` while this job's and the total budget last. */
export function statusAfterAttempt(
  outcome: AttemptOutcome,
  budget: AttemptBudget,
): DeliveryStatusAfterAttempt {
  if (outcome === 'delivered') return 'delivered';
  if (outcome === 'gone') return 'disabled';
  const jobSpent = budget.attempt - budget.fromAttempt >= budget.queueAttempts;
  return jobSpent || budget.attempt >= budget.maxAttempts ? 'failed' : 'pending';
}

/** The cron retry's answer (WebhookRetryResult): `sent` re-enqueued, `failed` given up for good, `checked` both. */
export function webhookRetryResult(sent: number, exhausted: number, maxAttempts: number) {
  return { checked: sent + exhausted, sent, failed: exhausted, maxAttempts };
}
