import { netOfPerformanceFee, projectedNetAprPct } from './fees';
import { computeReturns } from './returns';
import { HLP_SERIES_MAX_POINTS, sampleSeriesPoints } from './sampling';
import { isoTimestamp } from './time';
import type { HlpPoint, HlpSection, HlpSectionOptions, HlpSeries, HlpSeriesValue } from './types';

function seriesOf(points: readonly HlpPoint[], value: (p: HlpPoint) => number): HlpSeriesValue[] {
  return points.map((p) => ({ t: p.t, timestamp: isoTimestamp(p.t), value: value(p) }));
}

/**
 * The spec's `hlp` section from one stored series.
 *
 * Display rule: vault.apyPct = vault.ratePct = signaliteProjected.displayApyPct = trailing365dNetApyPct
 * = netOfPerformanceFee(returns.windows['365d'].apyPct); null when the history does not cover 365 days.
 * The management fee is deliberately not deducted from the display APY: the spec defines the display figure
 * as trailing one-year performance net of performance fees only, and the management fee is published beside
 * it (managementFeeBps) and deducted in projectedAprPct, the forward-looking measure.
 *
 * pnl, tvl and rolling30d series are thinned by `sampleSeriesPoints` to at most `maxSeriesPoints` (default 480:
 * daily up to 480 days of history, coarser beyond) and end on the latest point; every figure and window is still
 * computed from all points, so a compact section differs from the full one only in its series. Samples stamped after `now` are ignored, so the section is what was knowable
 * at `now` even if upstream clocks run ahead.
 */
export function computeHlpSection(series: HlpSeries, options: HlpSectionOptions): HlpSection {
  const { performanceFeeBps, managementFeeBps, now, maxSeriesPoints = HLP_SERIES_MAX_POINTS } = options;
  const points = series.points.filter((p) => p.t <= now);
  const latest = points[points.length - 1];
  const returns = computeReturns(points, maxSeriesPoints);
  const gross365dApyPct = returns.windows['365d'].apyPct;
  const displayApyPct =
    gross365dApyPct === null ? null : netOfPerformanceFee(gross365dApyPct, performanceFeeBps);
  const grossHlpAprPct = series.aprFraction * 100;
  const published = sampleSeriesPoints(points, maxSeriesPoints);
  return {
    vault: {
      name: series.name,
      tvlUsd: latest?.accountValueUsd ?? null,
      apr: series.aprFraction,
      aprPct: grossHlpAprPct,
      ratePct: displayApyPct,
      rateKind: 'apy',
      apyPct: displayApyPct,
    },
    signaliteProjected: {
      rateKind: 'apr',
      grossHlpAprPct,
      projectedAprPct: projectedNetAprPct(grossHlpAprPct, performanceFeeBps, managementFeeBps),
      trailing365dNetApyPct: displayApyPct,
      displayApyPct,
      performanceFeeBps,
      managementFeeBps,
      methodology: 'trailing_365d_hlp_net_apy',
    },
    pnl: { latestUsd: latest?.pnlUsd ?? null, series: seriesOf(published, (p) => p.pnlUsd) },
    tvl: { series: seriesOf(published, (p) => p.accountValueUsd) },
    returns,
  };
}
