import { DAY_MS } from './time';
import type { HlpPoint } from './types';

/** Most points any published series (pnl, tvl, rolling30d) carries, whatever the length of the history. */
export const HLP_SERIES_MAX_POINTS = 480;

/**
 * Thins a history for publication: the last point of each bucket of `stepDays` whole UTC days, where stepDays
 * is the smallest whole number keeping the bucket count within `maxPoints`. So the series is daily while the
 * history spans at most 480 days, every 2 days up to 960 days, and so on; at most maxPoints + 1 points. The
 * latest point is always kept (it is the last of its bucket), so a series ends on the freshest sample.
 */
export function sampleSeriesPoints(
  points: readonly HlpPoint[],
  maxPoints = HLP_SERIES_MAX_POINTS,
): HlpPoint[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) return [];
  const spanDays = Math.floor((last.t - first.t) / DAY_MS) + 1;
  const bucketMs = Math.max(1, Math.ceil(spanDays / maxPoints)) * DAY_MS;
  return points.filter((p, i) => {
    const next = points[i + 1];
    return next === undefined || Math.floor(next.t / bucketMs) !== Math.floor(p.t / bucketMs);
  });
}
