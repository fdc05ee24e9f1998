import { computeReturnWindow, computeReturns, type HlpPoint } from '../src';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Noon UTC, so every daily point sits well inside its UTC day. */
const T0 = Date.UTC(2024, 0, 1, 12);

function daily(count: number, at: (i: number) => { av: number; pnl: number }, from = 0): HlpPoint[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const { av, pnl } = at(i);
    return { t: T0 + i * DAY, accountValueUsd: av, pnlUsd: pnl };
  });
}

/** 40 days, pnl 2 USD a day, a 1000 USD deposit on day 20 (account value 1000 → 2000, pnl unaffected). */
const path = daily(40, (i) => ({ av: i < 20 ? 1000 : 2000, pnl: 2 * i }));

describe('computeReturnWindow', () => {
  it('gives 0 % for a flat account with a deposit in the middle', () => {
    // account value 1000 → 3000 on day 5, pnl stays 0: the deposit is a flow, not yield.
    const flat = daily(10, (i) => ({ av: i < 5 ? 1000 : 3000, pnl: 0 }));
    const week = computeReturnWindow(flat, 7);
    // end day 9, start = latest point at or before day 2 = day 2
    expect(week).toMatchObject({
      startT: T0 + 2 * DAY,
      endT: T0 + 9 * DAY,
      days: 7,
      startAccountValueUsd: 1000,
    });
    expect(week.pnlDeltaUsd).toBe(0);
    expect(week.returnPct).toBe(0);
    expect(week.aprPct).toBe(0);
    expect(week.apyPct).toBe(0);
    expect(computeReturnWindow(flat, 'allTime').returnPct).toBe(0);
  });

  it('computes the 7d window of a known pnl path', () => {
    // end day 39 (pnl 78), start day 32 (pnl 64, account value 2000): delta 14
    // return = 14 / 2000 × 100 = 0.7 %; APR = 0.7 × 365 / 7 = 36.5 %
    // APY = (1.007^(365/7) − 1) × 100 = (exp(52.142857 × 0.00697561) − 1) × 100 = (1.4386835 − 1) × 100 = 43.86835 %
    const w = computeReturnWindow(path, 7);
    expect(w).toMatchObject({
      startT: T0 + 32 * DAY,
      startTimestamp: '2024-02-02T12:00:00.000Z',
      endT: T0 + 39 * DAY,
      endTimestamp: '2024-02-09T12:00:00.000Z',
      days: 7,
      startAccountValueUsd: 2000,
      pnlDeltaUsd: 14,
    });
    expect(w.returnPct).toBeCloseTo(0.7, 10);
    expect(w.aprPct).toBeCloseTo(36.5, 10);
    expect(w.apyPct).toBeCloseTo(43.86835, 4);
  });

  it('computes the 30d window across the deposit from the start account value', () => {
    // start day 9 (pnl 18, account value 1000), end day 39 (pnl 78): delta 60
    // return = 60 / 1000 × 100 = 6 %; APR = 6 × 365 / 30 = 73 %
    // APY = (1.06^(365/30) − 1) × 100 = (exp(12.166667 × 0.05826891) − 1) × 100 = 103.18331 %
    const w = computeReturnWindow(path, 30);
    expect(w).toMatchObject({ startT: T0 + 9 * DAY, days: 30, startAccountValueUsd: 1000, pnlDeltaUsd: 60 });
    expect(w.returnPct).toBeCloseTo(6, 10);
    expect(w.aprPct).toBeCloseTo(73, 10);
    expect(w.apyPct).toBeCloseTo(103.18331, 4);
  });

  it('computes allTime from the first point', () => {
    // start day 0 (pnl 0, account value 1000), end day 39 (pnl 78), 39 days
    // return = 7.8 %; APR = 7.8 × 365 / 39 = 73 %; APY = (1.078^(365/39) − 1) × 100 = 101.96595 %
    const w = computeReturnWindow(path, 'allTime');
    expect(w).toMatchObject({ startT: T0, days: 39, pnlDeltaUsd: 78 });
    expect(w.returnPct).toBeCloseTo(7.8, 10);
    expect(w.aprPct).toBeCloseTo(73, 10);
    expect(w.apyPct).toBeCloseTo(101.96595, 4);
  });

  it('returns nulls for a window longer than the history, keeping the end', () => {
    // 90d: start target is day −51, 51 days before the first point
    const w = computeReturnWindow(path, 90);
    expect(w).toEqual({
      startT: null,
      startTimestamp: null,
      endT: T0 + 39 * DAY,
      endTimestamp: '2024-02-09T12:00:00.000Z',
      days: null,
      startAccountValueUsd: null,
      pnlDeltaUsd: null,
      returnPct: null,
      aprPct: null,
      apyPct: null,
    });
  });

  it('accepts a first point less than one day after the window start', () => {
    // points at 12h, then days 1..30; 30d target = day 0, first point 12h later: start there, 29.5 days
    // pnl 0 → 30 on account value 1000: return 3 %; APR = 3 × 365 / 29.5 = 37.118644 %
    // APY = (1.03^(365/29.5) − 1) × 100 = (exp(12.372881 × 0.02955880) − 1) × 100 = 44.15624 %
    const points = [
      { t: T0 + 12 * HOUR, accountValueUsd: 1000, pnlUsd: 0 },
      ...daily(30, (i) => ({ av: 1000, pnl: i }), 1),
    ];
    const w = computeReturnWindow(points, 30);
    expect(w).toMatchObject({ startT: T0 + 12 * HOUR, days: 29.5, pnlDeltaUsd: 30 });
    expect(w.returnPct).toBeCloseTo(3, 10);
    expect(w.aprPct).toBeCloseTo(37.118644, 5);
    expect(w.apyPct).toBeCloseTo(44.15624, 4);
  });

  it('refuses a first point a whole day after the window start', () => {
    // days 1..30: the 30d target is day 0, the first point is exactly one day later
    const points = daily(30, (i) => ({ av: 1000, pnl: i }), 1);
    expect(computeReturnWindow(points, 30).returnPct).toBeNull();
  });

  it('starts at the latest point at or before the target on a sparse history', () => {
    // points at days 0, 10, 20, 30; 7d target = day 23 → start day 20, 10 days actual
    // pnl 20 → 30 on 100: return 10 %; APR = 10 × 365 / 10 = 365 %
    // APY = (1.1^36.5 − 1) × 100 = (exp(36.5 × 0.09531018) − 1) × 100 = (32.421493 − 1) × 100 = 3142.1493 %
    const sparse = [0, 10, 20, 30].map((d) => ({ t: T0 + d * DAY, accountValueUsd: 100, pnlUsd: d }));
    const w = computeReturnWindow(sparse, 7);
    expect(w).toMatchObject({ startT: T0 + 20 * DAY, days: 10, pnlDeltaUsd: 10 });
    expect(w.returnPct).toBeCloseTo(10, 10);
    expect(w.aprPct).toBeCloseTo(365, 10);
    expect(w.apyPct).toBeCloseTo(3142.1493, 3);
  });

  it('ends at the latest point at or before `end`', () => {
    // end day 20.5 → day 20 (pnl 40), start day 13 (pnl 26, account value 1000): return 1.4 %
    const w = computeReturnWindow(path, 7, T0 + 20.5 * DAY);
    expect(w).toMatchObject({ startT: T0 + 13 * DAY, endT: T0 + 20 * DAY, pnlDeltaUsd: 14 });
    expect(w.returnPct).toBeCloseTo(1.4, 10);
  });

  it('gives null figures when the start account value is not positive', () => {
    const points = daily(8, (i) => ({ av: i === 0 ? 0 : 1000, pnl: i }));
    const w = computeReturnWindow(points, 7);
    expect(w).toMatchObject({ startT: T0, startAccountValueUsd: 0, pnlDeltaUsd: 7, days: 7 });
    expect([w.returnPct, w.aprPct, w.apyPct]).toEqual([null, null, null]);
  });

  it('gives null figures for allTime over a single point', () => {
    const w = computeReturnWindow(path.slice(0, 1), 'allTime');
    expect(w).toMatchObject({ startT: T0, endT: T0, days: 0 });
    expect([w.returnPct, w.aprPct, w.apyPct]).toEqual([null, null, null]);
  });

  it('gives an all-null window for an empty history', () => {
    const w = computeReturnWindow([], 7);
    expect(Object.values(w).every((v) => v === null)).toBe(true);
  });

  it.each([0, -7, Number.NaN, Infinity])('refuses a span of %p days', (span) => {
    expect(() => computeReturnWindow(path, span)).toThrow(RangeError);
  });
});

describe('computeReturns', () => {
  const returns = computeReturns(path);

  it('names the methodology and fills every window', () => {
    expect(returns.methodology).toBe('flow_adjusted_pnl_over_start_account_value');
    expect(Object.keys(returns.windows)).toEqual(['7d', '30d', '90d', '180d', '365d', 'allTime']);
    expect(returns.windows['7d']).toEqual(computeReturnWindow(path, 7));
    expect(returns.windows['30d'].returnPct).toBeCloseTo(6, 10);
    expect(returns.windows['90d'].returnPct).toBeNull();
    expect(returns.windows['180d'].returnPct).toBeNull();
    expect(returns.windows['365d'].returnPct).toBeNull();
    expect(returns.windows.allTime.returnPct).toBeCloseTo(7.8, 10);
  });

  it('rolls 30 days over every daily point with 30 days behind it', () => {
    // 40 daily points: days 30..39 have a point at or before day − 30 (day 29 would start a whole day short)
    // first: day 30 from day 0, pnl 0 → 60 on 1000: return 6 %, APR 73 %, APY 103.18331 % (as the 30d window)
    const { windowDays, series } = returns.rolling30d;
    expect(windowDays).toBe(30);
    expect(series).toHaveLength(10);
    const first = series[0]!;
    expect(first.t).toBe(T0 + 30 * DAY);
    expect(first.timestamp).toBe('2024-01-31T12:00:00.000Z');
    expect(first.returnPct).toBeCloseTo(6, 10);
    expect(first.aprPct).toBeCloseTo(73, 10);
    expect(first.apyPct).toBeCloseTo(103.18331, 4);
    // last: day 39 from day 9, the same figures as the 30d window
    const last = series[series.length - 1]!;
    expect(last.t).toBe(T0 + 39 * DAY);
    expect(last.returnPct).toBeCloseTo(returns.windows['30d'].returnPct!, 10);
  });

  it('rolls over one point per UTC day when samples are denser', () => {
    // hourly samples h = 0 … 959 from 2024-01-01T00:00; each UTC day is represented by its 23:00 sample.
    // Day 29's 23:00 (h 719) targets h −1: the first sample is 1 hour later, inside the tolerance, so it counts
    // (719 hours = 29.958 days); days 29..39 give 11 entries.
    // first: pnl 0 → 719 on 1000 = 71.9 %
    const start = Date.UTC(2024, 0, 1);
    const hourly = Array.from({ length: 40 * 24 }, (_, h) => ({
      t: start + h * HOUR,
      accountValueUsd: 1000,
      pnlUsd: h,
    }));
    const { series } = computeReturns(hourly).rolling30d;
    expect(series).toHaveLength(11);
    expect(series[0]!.timestamp).toBe('2024-01-30T23:00:00.000Z');
    expect(series[0]!.returnPct).toBeCloseTo(71.9, 10);
    // second: day 30's 23:00 (h 743) from h 23, exactly 30 days: 720 / 1000 = 72 %
    expect(series[1]!.timestamp).toBe('2024-01-31T23:00:00.000Z');
    expect(series[1]!.returnPct).toBeCloseTo(72, 10);
  });

  it('is empty for an empty history', () => {
    const empty = computeReturns([]);
    expect(empty.rolling30d.series).toEqual([]);
    expect(empty.windows.allTime.endT).toBeNull();
  });
});
