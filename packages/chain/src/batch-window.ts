/**
 * On a distant node a batch's window widens to this share of the last call's round trip, up to
 * MAX_BATCH_WINDOW_MS: a wave of requests whose last few arrive just after the window would otherwise wait a whole
 * round trip in a call of their own, where waiting a quarter of one costs them less and the node a call.
 * Measured with 100 ms added to every node request (`pnpm --filter gateway bench slow-rpc`): the position reader's
 * 10 ms window alone split such waves into one more call in about half the runs, more eth_calls per bootstrap than
 * without the delay; the quotes' 2 ms window alone read 0.182 eth_calls per quote against 0.103 without the delay,
 * and widened 0.050 against 0.110-0.115, p99 1.9 times the delay. On the devnet's few-millisecond calls the window
 * stays the base.
 */
const WINDOW_SHARE_OF_ROUND_TRIP = 0.25;
const MAX_BATCH_WINDOW_MS = 50;

/** How long a batch waits for others to join it: `baseMs`, or on a distant node a share of its last round trip. */
export function widenedWindowMs(baseMs: number, lastRoundTripMs: number): number {
  return Math.max(baseMs, Math.min(MAX_BATCH_WINDOW_MS, lastRoundTripMs * WINDOW_SHARE_OF_ROUND_TRIP));
}
