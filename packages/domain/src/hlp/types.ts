/** One upstream instant at which both the account value and the cumulative pnl of the vault are known. */
export interface HlpPoint {
  /** Unix milliseconds, as the upstream reports them. */
  t: number;
  accountValueUsd: number;
  /** Cumulative pnl on the allTime period's scale (finer periods are shifted onto it when merged). */
  pnlUsd: number;
}

/** The validated HLP history a snapshot holds: what every yield figure is computed from. */
export interface HlpSeries {
  name: string;
  vaultAddress: string;
  /** Upstream `apr`, a fraction: 0.12 means 12 %. */
  aprFraction: number;
  /** Strictly ascending by `t`, never empty. */
  points: HlpPoint[];
}

export type HlpResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export type HlpNormalizeResult = HlpResult<HlpSeries>;

/** A window length in days, or the whole history. */
export type HlpWindowSpan = number | 'allTime';

/** Every figure is null when the history cannot support it; nothing is extrapolated. */
export interface HlpReturnWindow {
  startT: number | null;
  startTimestamp: string | null;
  endT: number | null;
  endTimestamp: string | null;
  /** The span actually covered, (endT − startT) / 1 day; the window's name says what was asked for. */
  days: number | null;
  startAccountValueUsd: number | null;
  pnlDeltaUsd: number | null;
  returnPct: number | null;
  aprPct: number | null;
  apyPct: number | null;
}

export type HlpWindowKey = '7d' | '30d' | '90d' | '180d' | '365d' | 'allTime';

export interface HlpRollingReturnPoint {
  t: number;
  timestamp: string;
  returnPct: number | null;
  aprPct: number | null;
  apyPct: number | null;
}

export interface HlpReturns {
  methodology: 'flow_adjusted_pnl_over_start_account_value';
  windows: Record<HlpWindowKey, HlpReturnWindow>;
  rolling30d: { windowDays: 30; series: HlpRollingReturnPoint[] };
}

export interface HlpSeriesValue {
  t: number;
  timestamp: string;
  value: number;
}

/** The spec's bootstrap `hlp` section (also the data of GET /api/v1/hlp). */
export interface HlpSection {
  vault: {
    name: string;
    tvlUsd: number | null;
    apr: number;
    aprPct: number;
    ratePct: number | null;
    rateKind: 'apy';
    apyPct: number | null;
  };
  signaliteProjected: {
    rateKind: 'apr';
    grossHlpAprPct: number;
    projectedAprPct: number;
    trailing365dNetApyPct: number | null;
    displayApyPct: number | null;
    performanceFeeBps: number;
    managementFeeBps: number;
    methodology: 'trailing_365d_hlp_net_apy';
  };
  pnl: { latestUsd: number | null; series: HlpSeriesValue[] };
  tvl: { series: HlpSeriesValue[] };
  returns: HlpReturns;
}

export interface HlpSectionOptions {
  /** The vault's performance fee, integer basis points (0 to 10000). */
  performanceFeeBps: number;
  /** The vault's annual management fee, integer basis points. */
  managementFeeBps: number;
  /** Unix milliseconds the section is computed at; samples stamped later are not used. */
  now: number;
  /** Most points each published series (pnl, tvl, rolling30d) may have; default HLP_SERIES_MAX_POINTS. */
  maxSeriesPoints?: number;
}
