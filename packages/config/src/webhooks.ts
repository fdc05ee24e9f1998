import { duration, durationList } from './fields';

/**
 * The webhook settings the gateway and the webhook worker must agree on, defined once: the retry schedule (the
 * worker follows it, the gateway's cron retry reports its length as `maxAttempts`) and the event retention (the
 * worker prunes, the gateway bounds bulk redelivery by it).
 *
 * The default schedule is the one the established webhook platforms use: attempt `i + 1` waits entry `i` after
 * attempt `i` failed, so 8 attempts over about 27 hours.
 */
export const webhookRetrySchedule = durationList({
  default: [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
  minItems: 1,
  maxItems: 100,
  maxMs: 604_800_000,
  firstZero: true,
});

/** 30 days; at most a year. */
export const webhookEventRetention = duration({
  default: 2_592_000_000,
  minMs: 60_000,
  maxMs: 31_536_000_000,
});
