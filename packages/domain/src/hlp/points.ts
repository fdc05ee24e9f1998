import type { HlpPoint } from './types';

/** Index of the latest point with `t <= at`, or −1 when every point is later. Points must be ascending by `t`. */
export function lastIndexAtOrBefore(points: readonly HlpPoint[], at: number): number {
  let low = 0;
  let high = points.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (points[mid]!.t <= at) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
