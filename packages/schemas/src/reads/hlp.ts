import { nullable, ref } from '../ref';

/**
 * GET /api/v1/hlp: yield figures of the HLP strategy from the upstream snapshots. USD figures and percentages are
 * plain JSON numbers (analytics, not token amounts). A figure is null when the history it needs does not exist yet.
 */

const num = { type: 'number' } as const;
const numOrNull = (why: string) => ({ type: ['number', 'null'], description: why }) as const;
const t = { type: 'integer', minimum: 0, description: 'Unix time in milliseconds.' } as const;

export const HlpPoint = {
  type: 'object',
  description: 'One point of a USD series; `t` and `timestamp` are the same instant.',
  required: ['t', 'timestamp', 'value'],
  additionalProperties: false,
  properties: { t, timestamp: ref('DateTime'), value: num },
} as const;

export const HlpReturnWindow = {
  type: 'object',
  description:
    'Flow-adjusted return over a window: pnlDeltaUsd / startAccountValueUsd. The ratios are null when the start account value is 0.',
  required: [
    'startT',
    'startTimestamp',
    'endT',
    'endTimestamp',
    'days',
    'startAccountValueUsd',
    'pnlDeltaUsd',
    'returnPct',
    'aprPct',
    'apyPct',
  ],
  additionalProperties: false,
  properties: {
    startT: t,
    startTimestamp: ref('DateTime'),
    endT: t,
    endTimestamp: ref('DateTime'),
    days: { type: 'number', minimum: 0 },
    startAccountValueUsd: num,
    pnlDeltaUsd: num,
    returnPct: numOrNull('null when startAccountValueUsd is 0.'),
    aprPct: numOrNull('returnPct annualised linearly; null when returnPct is.'),
    apyPct: numOrNull('returnPct annualised with compounding; null when returnPct is.'),
  },
} as const;

const windowOrNull = {
  ...nullable('HlpReturnWindow'),
  description: 'null while the upstream history is shorter than the window.',
} as const;

export const Hlp = {
  type: 'object',
  description:
    'Yield of the HLP strategy. The display figure is `vault.apyPct` (= `vault.ratePct`): trailing one-year performance net of performance fees on positive returns. The projected APR and the 365d window APY are other measures, not the display figure.',
  required: ['vault', 'signaliteProjected', 'pnl', 'tvl', 'returns'],
  additionalProperties: false,
  properties: {
    vault: {
      type: 'object',
      required: ['name', 'tvlUsd', 'apr', 'aprPct', 'ratePct', 'rateKind', 'apyPct'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1 },
        tvlUsd: num,
        apr: { type: 'number', description: 'Upstream APR as a fraction (0.12 = 12 %).' },
        aprPct: num,
        ratePct: numOrNull('The display rate, equal to apyPct; null while history is shorter than a year.'),
        rateKind: { const: 'apy' },
        apyPct: numOrNull('The display APY; null while history is shorter than a year.'),
      },
    },
    signaliteProjected: {
      type: 'object',
      required: [
        'rateKind',
        'grossHlpAprPct',
        'projectedAprPct',
        'trailing365dNetApyPct',
        'displayApyPct',
        'performanceFeeBps',
        'managementFeeBps',
        'methodology',
      ],
      additionalProperties: false,
      properties: {
        rateKind: { const: 'apr' },
        grossHlpAprPct: num,
        projectedAprPct: { type: 'number', description: 'grossHlpAprPct net of the vault fees.' },
        trailing365dNetApyPct: numOrNull('null while history is shorter than a year.'),
        displayApyPct: numOrNull('Equal to vault.apyPct.'),
        performanceFeeBps: ref('Bps'),
        managementFeeBps: ref('Bps'),
        methodology: { const: 'trailing_365d_hlp_net_apy' },
      },
    },
    pnl: {
      type: 'object',
      required: ['latestUsd', 'series'],
      additionalProperties: false,
      properties: {
        latestUsd: numOrNull('The last series value; null when the series is empty.'),
        series: { type: 'array', items: ref('HlpPoint') },
      },
    },
    tvl: {
      type: 'object',
      required: ['series'],
      additionalProperties: false,
      properties: { series: { type: 'array', items: ref('HlpPoint') } },
    },
    returns: {
      type: 'object',
      required: ['methodology', 'windows', 'rolling30d'],
      additionalProperties: false,
      properties: {
        methodology: { const: 'flow_adjusted_pnl_over_start_account_value' },
        windows: {
          type: 'object',
          required: ['7d', '30d', '90d', '180d', '365d', 'allTime'],
          additionalProperties: false,
          properties: {
            '7d': windowOrNull,
            '30d': windowOrNull,
            '90d': windowOrNull,
            '180d': windowOrNull,
            '365d': windowOrNull,
            allTime: {
              ...nullable('HlpReturnWindow'),
              description: 'null while there are fewer than two points.',
            },
          },
        },
        rolling30d: {
          type: 'object',
          required: ['windowDays', 'series'],
          additionalProperties: false,
          properties: {
            windowDays: { type: 'integer', minimum: 1 },
            series: {
              type: 'array',
              items: {
                type: 'object',
                required: ['t', 'timestamp', 'returnPct', 'aprPct', 'apyPct'],
                additionalProperties: false,
                properties: { t, timestamp: ref('DateTime'), returnPct: num, aprPct: num, apyPct: num },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const hlpSchemas = { HlpPoint, HlpReturnWindow, Hlp } as const;
