/**
 * What one attempt's answer means, when the next attempt comes, and when a delivery stops. A 2xx is delivered;
 * 410 Gone means the receiver is retired (no retry will help); anything else — 429, 5xx, other codes, a timeout,
 * a refused connection — is a failed attempt, retried on the schedule.
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

/** Each wait may be up to this share longer, so deliveries that failed together do not all come back together. */
const JITTER = 0.1;

export type DeliveryStatusAfterAttempt = 'delivered' | 'disabled' | 'pending' | 'failed';

export interface AttemptPlace {
  /** The attempt's place in the schedule, 1-based (it restarts at 1 with a redelivery). */
  scheduleAttempt: number;
  schedule: readonly number[];
  /** The receiver's Retry-After in ms: the next attempt never comes sooner, up to the schedule's longest wait. */
  retryAfterMs?: number;
  /** In [0, 1): the jitter. */
  random: number;
}

/**
 * What follows an attempt: delivered (2xx), disabled (410), `pending` with the wait before the next attempt of the
 * schedule, or `failed` once the schedule is used up.
 */
export function afterAttempt(
  outcome: AttemptOutcome,
  place: AttemptPlace,
): { status: Exclude<DeliveryStatusAfterAttempt, 'pending'> } | { status: 'pending'; delayMs: number } {
  if (outcome === 'delivered') return { status: 'delivered' };
  if (outcome === 'gone') return { status: 'disabled' };
  const planned = place.schedule[place.scheduleAttempt];
  if (planned === undefined) return { status: 'failed' };
  const longest = Math.max(...place.schedule);
  const delayMs = Math.max(
    Math.round(planned * (1 + JITTER * place.random)),
    Math.min(place.retryAfterMs ?? 0, longest),
  );
  return { status: 'pending', delayMs };
}

/** When each attempt of a delivery that always fails is due, in ms after the first (without jitter). */
export function scheduleOffsetsMs(schedule: readonly number[]): number[] {
  let at = 0;
  return schedule.map((wait) => (at += wait));
}

/** The cron retry's answer (WebhookRetryResult): `sent` re-enqueued, `failed` given up for good, `checked` both. */
export function webhookRetryResult(sent: number, exhausted: number, maxAttempts: number) {
  return { checked: sent + exhausted, sent, failed: exhausted, maxAttempts };
}
