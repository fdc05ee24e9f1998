import { lastIndexAtOrBefore } from './points';
import type { HlpPoint } from './types';

/** Linear interpolation of the series' pnl at `t`, or null when `t` lies outside the series' span. */
function interpolatePnl(series: readonly HlpPoint[], t: number): number | null {
  const i = lastIndexAtOrBefore(series, t);
  const before = series[i];
  if (before === undefined) return null;
  if (before.t === t) return before.pnlUsd;
  const after = series[i + 1];
  if (after === undefined) return null;
  return before.pnlUsd + ((after.pnlUsd - before.pnlUsd) * (t - before.t)) / (after.t - before.t);
}

/**
 * Each period's pnlHistory counts from that period's own start, so a finer period is shifted onto the series'
 * scale by the difference at an instant both know: the earliest shared timestamp (closest to the splice), else
 * the series' pnl interpolated at the finer period's first sample. Null when neither exists.
 */
function pnlOffset(series: readonly HlpPoint[], finer: readonly HlpPoint[]): number | null {
  const seriesPnl = new Map(series.map((p) => [p.t, p.pnlUsd]));
  for (const p of finer) {
    const shared = seriesPnl.get(p.t);
    if (shared !== undefined) return shared - p.pnlUsd;
  }
  const first = finer[0];
  if (first === undefined) return null;
  const anchor = interpolatePnl(series, first.t);
  return anchor === null ? null : anchor - first.pnlUsd;
}

/**
 * Splices a finer (denser, fresher) period over the part of the series it covers, so the recent history has
 * the finer resolution and the latest point is the freshest sample upstream gave. Account values are absolute
 * and are taken as they are; pnl is shifted by `pnlOffset`. A finer period that cannot be anchored (no shared
 * instant and wholly outside the series' span) is left out: its pnl level would be a guess.
 */
export function mergeFinerPeriod(series: readonly HlpPoint[], finer: readonly HlpPoint[]): HlpPoint[] {
  const first = finer[0];
  const last = finer[finer.length - 1];
  const offset = pnlOffset(series, finer);
  if (first === undefined || last === undefined || offset === null) return [...series];
  return [
    ...series.filter((p) => p.t < first.t),
    ...finer.map((p) => ({ t: p.t, accountValueUsd: p.accountValueUsd, pnlUsd: p.pnlUsd + offset })),
    ...series.filter((p) => p.t > last.t),
  ];
}
