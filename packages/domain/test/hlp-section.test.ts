import {
  computeHlpSection,
  computeReturns,
  HLP_SERIES_MAX_POINTS,
  type HlpPoint,
  type HlpSeries,
} from '../src';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2023, 0, 1, 12);
const FEES = { performanceFeeBps: 1000, managementFeeBps: 200 };

function daily(count: number, at: (i: number) => { av: number; pnl: number }): HlpPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    t: T0 + i * DAY,
    accountValueUsd: at(i).av,
    pnlUsd: at(i).pnl,
  }));
}

function hlp(points: HlpPoint[], aprFraction = 0.2): HlpSeries {
  return {
    name: 'Hyperliquidity Provider (HLP)',
    vaultAddress: '0xdfc24b077bc1425ad1dea75bcb6f8158e10df303',
    aprFraction,
    points,
  };
}

function endOf(points: HlpPoint[]): number {
  return points[points.length - 1]!.t;
}

describe('computeHlpSection: display APY', () => {
  // 400 days, account value 1000, pnl 0.2 USD a day
  const gaining = daily(400, (i) => ({ av: 1000, pnl: 0.2 * i }));

  it('takes the performance fee off a positive trailing 365-day APY', () => {
    // 365d: end day 399 (pnl 79.8), start day 34 (pnl 6.8): delta 73, return 73 / 1000 = 7.3 %, 365 days
    // APY = (1.073^(365/365) − 1) × 100 = 7.3 %; net = 7.3 × (1 − 1000/10000) = 6.57 %
    const section = computeHlpSection(hlp(gaining), { ...FEES, now: endOf(gaining) });
    expect(section.returns.windows['365d'].apyPct).toBeCloseTo(7.3, 9);
    expect(section.vault.apyPct).toBeCloseTo(6.57, 9);
    expect(section.vault.ratePct).toBe(section.vault.apyPct);
    expect(section.vault.rateKind).toBe('apy');
    expect(section.signaliteProjected.displayApyPct).toBe(section.vault.apyPct);
    expect(section.signaliteProjected.trailing365dNetApyPct).toBe(section.vault.apyPct);
    expect(section.signaliteProjected.methodology).toBe('trailing_365d_hlp_net_apy');
  });

  it('applies no fee to a negative trailing return', () => {
    // pnl −0.1 USD a day: 365d delta −36.5 on 1000 = −3.65 % = APY over exactly 365 days; no fee on a loss
    const losing = daily(400, (i) => ({ av: 1000, pnl: -0.1 * i }));
    const section = computeHlpSection(hlp(losing), { ...FEES, now: endOf(losing) });
    expect(section.vault.apyPct).toBeCloseTo(-3.65, 9);
    expect(section.signaliteProjected.displayApyPct).toBeCloseTo(-3.65, 9);
  });

  it('is null when the history does not cover 365 days', () => {
    const short = daily(100, (i) => ({ av: 1000, pnl: i }));
    const section = computeHlpSection(hlp(short), { ...FEES, now: endOf(short) });
    expect(section.vault.apyPct).toBeNull();
    expect(section.vault.ratePct).toBeNull();
    expect(section.signaliteProjected.trailing365dNetApyPct).toBeNull();
    expect(section.signaliteProjected.displayApyPct).toBeNull();
    expect(section.signaliteProjected.projectedAprPct).toBeCloseTo(16, 9);
  });

  it('ignores samples stamped after now', () => {
    // now = day 399: the day-400..409 samples (account value 5000, pnl 1000) are not used
    const ahead = [...gaining, ...daily(410, () => ({ av: 5000, pnl: 1000 })).slice(400)];
    const section = computeHlpSection(hlp(ahead), { ...FEES, now: endOf(gaining) });
    expect(section.vault.tvlUsd).toBe(1000);
    expect(section.pnl.latestUsd).toBeCloseTo(79.8, 9);
    expect(section.vault.apyPct).toBeCloseTo(6.57, 9);
  });
});

describe('computeHlpSection: vault and projected APR', () => {
  it('reports the upstream APR gross and net of both fees', () => {
    // gross = 0.2 × 100 = 20 %; net of performance fee 20 × 0.9 = 18 %; less management 200 bps = 2 % → 16 %
    const points = daily(10, (i) => ({ av: 1000 + i, pnl: i }));
    const section = computeHlpSection(hlp(points), { ...FEES, now: endOf(points) });
    expect(section.vault).toMatchObject({ name: 'Hyperliquidity Provider (HLP)', tvlUsd: 1009, apr: 0.2 });
    expect(section.vault.aprPct).toBeCloseTo(20, 9);
    expect(section.signaliteProjected).toMatchObject({
      rateKind: 'apr',
      performanceFeeBps: 1000,
      managementFeeBps: 200,
    });
    expect(section.signaliteProjected.grossHlpAprPct).toBeCloseTo(20, 9);
    expect(section.signaliteProjected.projectedAprPct).toBeCloseTo(16, 9);
  });

  it('takes no performance fee off a negative APR but still the management fee', () => {
    // gross = −0.05 × 100 = −5 %; no performance fee; less 2 % management → −7 %
    const points = daily(10, () => ({ av: 1000, pnl: 0 }));
    const section = computeHlpSection(hlp(points, -0.05), { ...FEES, now: endOf(points) });
    expect(section.signaliteProjected.grossHlpAprPct).toBeCloseTo(-5, 9);
    expect(section.signaliteProjected.projectedAprPct).toBeCloseTo(-7, 9);
  });

  it('has no tvl or pnl when nothing is known at now', () => {
    const points = daily(10, () => ({ av: 1000, pnl: 0 }));
    const section = computeHlpSection(hlp(points), { ...FEES, now: T0 - 1 });
    expect(section.vault.tvlUsd).toBeNull();
    expect(section.pnl).toEqual({ latestUsd: null, series: [] });
    expect(section.tvl.series).toEqual([]);
  });
});

describe('computeHlpSection: pnl and tvl series', () => {
  it('publishes one point per day for a daily history up to the bound', () => {
    const points = daily(400, (i) => ({ av: 1000 + i, pnl: 0.5 * i }));
    const section = computeHlpSection(hlp(points), { ...FEES, now: endOf(points) });
    expect(section.pnl.series).toHaveLength(400);
    expect(section.tvl.series).toHaveLength(400);
    expect(section.tvl.series[0]).toEqual({ t: T0, timestamp: '2023-01-01T12:00:00.000Z', value: 1000 });
    expect(section.pnl.series[399]).toEqual({
      t: T0 + 399 * DAY,
      timestamp: '2024-02-04T12:00:00.000Z',
      value: 199.5,
    });
    expect(section.returns).toEqual(computeReturns(points));
  });

  it('keeps the last sample of each UTC day for denser samples, ending on the latest', () => {
    // hourly for 3 days from 00:00: the 23:00 samples of day 1 and 2, and the latest (day 3, 23:00)
    const start = Date.UTC(2024, 0, 1);
    const hourly = Array.from({ length: 72 }, (_, h) => ({
      t: start + h * HOUR,
      accountValueUsd: 1000,
      pnlUsd: h,
    }));
    const section = computeHlpSection(hlp(hourly), { ...FEES, now: start + 100 * HOUR });
    expect(section.pnl.series.map((p) => p.value)).toEqual([23, 47, 71]);
    expect(section.pnl.latestUsd).toBe(71);
  });

  it('stays bounded over a long history and still ends on the latest point', () => {
    // 2000 days: step = ceil(2000 / 480) = 5 days, so one point every 5 days, about 2000 / 5 = 400 points
    const points = daily(2000, (i) => ({ av: 1000, pnl: i }));
    const section = computeHlpSection(hlp(points), { ...FEES, now: endOf(points) });
    for (const series of [section.pnl.series, section.tvl.series, section.returns.rolling30d.series]) {
      expect(series.length).toBeLessThanOrEqual(HLP_SERIES_MAX_POINTS + 1);
      expect(series[series.length - 1]!.t).toBe(endOf(points));
      // every bucket but the last (still filling) is a whole 5 days
      const gaps = series.slice(1).map((p, i) => p.t - series[i]!.t);
      expect(new Set(gaps.slice(0, -1))).toEqual(new Set([5 * DAY]));
      expect(gaps[gaps.length - 1]).toBeLessThanOrEqual(5 * DAY);
    }
    expect(section.pnl.series.length).toBeGreaterThanOrEqual(400);
    // rolling starts once 30 days are behind: (2000 − 30) / 5 ≈ 394 entries
    expect(section.returns.rolling30d.series.length).toBeGreaterThanOrEqual(393);
    expect(section.pnl.latestUsd).toBe(1999);
  });
});
