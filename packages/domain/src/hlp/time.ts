/** Upstream timestamps are Unix milliseconds; a day is a fixed 86 400 000 ms (UTC, no leap seconds). */
export const DAY_MS = 86_400_000;

export function isoTimestamp(t: number): string {
  return new Date(t).toISOString();
}
