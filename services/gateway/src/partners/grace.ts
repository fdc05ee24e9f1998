import { GraceOutOfRangeError, MAX_GRACE_HOURS } from './errors';

/** When the current keys or secrets stop working, `graceHours` after `now` (0: at once). */
export function graceEnd(graceHours: number, now: Date): Date {
  if (!Number.isFinite(graceHours) || graceHours < 0 || graceHours > MAX_GRACE_HOURS)
    throw new GraceOutOfRangeError(graceHours);
  return new Date(now.getTime() + graceHours * 3_600_000);
}
