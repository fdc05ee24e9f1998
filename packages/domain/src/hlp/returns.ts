import { lastIndexAtOrBefore } from './points';
import { HLP_SERIES_MAX_POINTS, sampleSeriesPoints } from './sampling';
import { DAY_MS, isoTimestamp } from './time';
import type {
  HlpPoint,
  HlpReturnWindow,
  HlpReturns,
  HlpRollingReturnPoint,
  HlpWindowKey,
  HlpWindowSpan,
} from './types';

export const HLP_RETURNS_METHODOLOGY = 'flow_adjusted_pnl_over_start_account_value' as const;

/**
 * A history whose first sample is less than one day after a window's start still serves the window: upstream
 * samples are spaced, so the first one rarely falls exactly on the boundary. Anything later is too short.
 */
const START_TOLERANCE_MS = DAY_MS;

const ROLLING_WINDOW_DAYS = 30;

const WINDOW_SPANS: Record<HlpWindowKey, HlpWindowSpan> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '180d': 180,
  '365d': 365,
  allTime: 'allTime',
};

interface YieldFigures {
  returnPct: number | null;
  aprPct: number | null;
  apyPct: number | null;
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * returnPct = pnlDelta / startAccountValue × 100 — pnl excludes deposits and withdrawals, which move the
 *             account value only, so flows never count as yield;
 * aprPct    = returnPct × 365 / days (simple annualisation);
 * apyPct    = ((1 + returnPct / 100) ^ (365 / days) − 1) × 100 (compounded annualisation);
 * with days the span actually covered. Null when the start value is not positive, the span is empty, or a
 * figure is not finite (a loss beyond −100 % has no APY).
 */
function yieldFigures(pnlDeltaUsd: number, startAccountValueUsd: number, days: number): YieldFigures {
  if (startAccountValueUsd <= 0 || days <= 0) return { returnPct: null, aprPct: null, apyPct: null };
  const returnPct = (pnlDeltaUsd / startAccountValueUsd) * 100;
  return {
    returnPct: finiteOrNull(returnPct),
    aprPct: finiteOrNull((returnPct * 365) / days),
    apyPct: finiteOrNull((Math.pow(1 + returnPct / 100, 365 / days) - 1) * 100),
  };
}

/** The latest point at or before endT − days; the first point if it is within the tolerance; else −1. */
function startIndex(points: readonly HlpPoint[], endT: number, span: HlpWindowSpan): number {
  if (span === 'allTime') return 0;
  const target = endT - span * DAY_MS;
  const index = lastIndexAtOrBefore(points, target);
  if (index >= 0) return index;
  const first = points[0];
  return first !== undefined && first.t - target < START_TOLERANCE_MS ? 0 : -1;
}

function windowWithoutStart(end: HlpPoint | undefined): HlpReturnWindow {
  return {
    startT: null,
    startTimestamp: null,
    endT: end?.t ?? null,
    endTimestamp: end === undefined ? null : isoTimestamp(end.t),
    days: null,
    startAccountValueUsd: null,
    pnlDeltaUsd: null,
    returnPct: null,
    aprPct: null,
    apyPct: null,
  };
}

/**
 * Return over a trailing window, methodology `flow_adjusted_pnl_over_start_account_value`. The window ends at
 * the latest point (at or before `end` when given, in Unix ms) and starts at the latest point at or before
 * end − days (allTime: the first point). When the history does not reach back that far every start-side field
 * and figure is null: a short history is never stretched into a longer window.
 */
export function computeReturnWindow(
  points: readonly HlpPoint[],
  span: HlpWindowSpan,
  end?: number,
): HlpReturnWindow {
  if (span !== 'allTime' && !(Number.isFinite(span) && span > 0)) {
    throw new RangeError(`window span must be a positive number of days or 'allTime', got ${span}`);
  }
  const endPoint = points[end === undefined ? points.length - 1 : lastIndexAtOrBefore(points, end)];
  if (endPoint === undefined) return windowWithoutStart(undefined);
  const startPoint = points[startIndex(points, endPoint.t, span)];
  if (startPoint === undefined) return windowWithoutStart(endPoint);
  const days = (endPoint.t - startPoint.t) / DAY_MS;
  const pnlDeltaUsd = endPoint.pnlUsd - startPoint.pnlUsd;
  return {
    startT: startPoint.t,
    startTimestamp: isoTimestamp(startPoint.t),
    endT: endPoint.t,
    endTimestamp: isoTimestamp(endPoint.t),
    days,
    startAccountValueUsd: startPoint.accountValueUsd,
    pnlDeltaUsd,
    ...yieldFigures(pnlDeltaUsd, startPoint.accountValueUsd, days),
  };
}

/**
 * The 30-day window ending at each published point (see `sampleSeriesPoints`: daily while the history spans at
 * most 480 days) that has 30 days of history behind it.
 */
function rolling30d(points: readonly HlpPoint[], maxSeriesPoints: number): HlpRollingReturnPoint[] {
  const series: HlpRollingReturnPoint[] = [];
  for (const point of sampleSeriesPoints(points, maxSeriesPoints)) {
    const window = computeReturnWindow(points, ROLLING_WINDOW_DAYS, point.t);
    if (window.startT === null) continue;
    const { returnPct, aprPct, apyPct } = window;
    series.push({ t: point.t, timestamp: isoTimestamp(point.t), returnPct, aprPct, apyPct });
  }
  return series;
}

/**
 * The `returns` object of the hlp section: the fixed trailing windows (always from every point) and the rolling
 * 30-day series, published at no more than `maxSeriesPoints` points.
 */
export function computeReturns(
  points: readonly HlpPoint[],
  maxSeriesPoints = HLP_SERIES_MAX_POINTS,
): HlpReturns {
  const windows = Object.fromEntries(
    Object.entries(WINDOW_SPANS).map(([key, span]) => [key, computeReturnWindow(points, span)]),
  ) as Record<HlpWindowKey, HlpReturnWindow>;
  return {
    methodology: HLP_RETURNS_METHODOLOGY,
    windows,
    rolling30d: { windowDays: ROLLING_WINDOW_DAYS, series: rolling30d(points, maxSeriesPoints) },
  };
}
