/**
 * On a distant node a batch's window widens to this share of the last call's round trip, up to
 * MAX_BATCH_WINDOW_MS: a wave of requests whose last few arrive just after the window would otherwise wait a whole
 * round trip in a call of their own, where waiting a quarter of one costs them less and the node a call. On the
 * devnet's few-millisecond calls the window stays the base (figures: docs/performance.md#window_share_of_round_trip).
 */
const WINDOW_SHARE_OF_ROUND_TRIP = 0.25;
const MAX_BATCH_WINDOW_MS = 50;

/** How long a batch waits for others to join it: `baseMs`, or on a distant node a share of its last round trip. */
export function widenedWindowMs(baseMs: number, lastRoundTripMs: number): number {
  return Math.max(baseMs, Math.min(MAX_BATCH_WINDOW_MS, lastRoundTripMs * WINDOW_SHARE_OF_ROUND_TRIP));
}
