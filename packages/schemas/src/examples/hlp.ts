const DAY = 86_400_000;
const END = Date.parse('2025-06-01T00:00:00.000Z');

const at = (t: number) => ({ t, timestamp: new Date(t).toISOString() });
const point = (daysAgo: number, value: number) => ({ ...at(END - daysAgo * DAY), value });

const window = (days: number, startAccountValueUsd: number, pnlDeltaUsd: number) => {
  const returnPct = (pnlDeltaUsd / startAccountValueUsd) * 100;
  return {
    startT: END - days * DAY,
    startTimestamp: new Date(END - days * DAY).toISOString(),
    endT: END,
    endTimestamp: new Date(END).toISOString(),
    days,
    startAccountValueUsd,
    pnlDeltaUsd,
    returnPct,
    aprPct: (returnPct * 365) / days,
    apyPct: ((1 + returnPct / 100) ** (365 / days) - 1) * 100,
  };
};

export const hlpExample = {
  vault: {
    name: 'Hyperliquidity Provider (HLP)',
    tvlUsd: 412_000_000.5,
    apr: 0.1234,
    aprPct: 12.34,
    ratePct: 10.2,
    rateKind: 'apy',
    apyPct: 10.2,
  },
  signaliteProjected: {
    rateKind: 'apr',
    grossHlpAprPct: 12.34,
    projectedAprPct: 11.106,
    trailing365dNetApyPct: 10.2,
    displayApyPct: 10.2,
    performanceFeeBps: 1000,
    managementFeeBps: 0,
    methodology: 'trailing_365d_hlp_net_apy',
  },
  pnl: { latestUsd: 61_250_000, series: [point(2, 61_100_000), point(1, 61_180_000), point(0, 61_250_000)] },
  tvl: { series: [point(2, 411_000_000), point(1, 411_500_000), point(0, 412_000_000.5)] },
  returns: {
    methodology: 'flow_adjusted_pnl_over_start_account_value',
    windows: {
      '7d': window(7, 405_000_000, 800_000),
      '30d': window(30, 400_000_000, 3_300_000),
      '90d': window(90, 390_000_000, 9_800_000),
      '180d': window(180, 380_000_000, 19_000_000),
      '365d': window(365, 360_000_000, 36_700_000),
      // All-time starts at the vault's first deposit, from an account value of 0: the ratios are undefined.
      allTime: {
        ...window(900, 1, 61_250_000),
        startAccountValueUsd: 0,
        returnPct: null,
        aprPct: null,
        apyPct: null,
      },
    },
    rolling30d: {
      windowDays: 30,
      series: [
        { ...at(END - DAY), returnPct: 0.81, aprPct: 9.86, apyPct: 10.3 },
        { ...at(END), returnPct: 0.82, aprPct: 9.98, apyPct: 10.45 },
      ],
    },
  },
};
