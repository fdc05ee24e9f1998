import { normalizeVaultDetails, type HlpPoint, type HlpSeries } from '../src';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ADDRESS = '0xdfc24b077bc1425ad1dea75bcb6f8158e10df303';

type History = [number, string][];

function period(accountValueHistory: History, pnlHistory: History): Record<string, unknown> {
  return { accountValueHistory, pnlHistory, vlm: '0.0' };
}

function details(portfolio: unknown, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Hyperliquidity Provider (HLP)', vaultAddress: ADDRESS, apr: 0.12, portfolio, ...overrides };
}

/** [t, accountValue, pnl] triples as one period with both histories on the same instants. */
function paired(rows: [number, number, number][]): Record<string, unknown> {
  return period(
    rows.map(([t, av]) => [t, String(av)]),
    rows.map(([t, , pnl]) => [t, String(pnl)]),
  );
}

function series(raw: unknown): HlpSeries {
  const result = normalizeVaultDetails(raw);
  if (!result.ok) throw new Error(`expected ok, got: ${result.reason}`);
  return result.value;
}

function reason(raw: unknown): string {
  const result = normalizeVaultDetails(raw);
  if (result.ok) throw new Error('expected a rejection');
  return result.reason;
}

function expectPoints(actual: HlpPoint[], expected: [number, number, number][]): void {
  expect(actual.map((p) => p.t)).toEqual(expected.map(([t]) => t));
  actual.forEach((p, i) => {
    const [, av, pnl] = expected[i]!;
    expect(p.accountValueUsd).toBeCloseTo(av, 9);
    expect(p.pnlUsd).toBeCloseTo(pnl, 9);
  });
}

describe('normalizeVaultDetails: the allTime period', () => {
  it('reads name, address, apr and the paired points', () => {
    const value = series(
      details([
        [
          'allTime',
          paired([
            [1000, 100, 0],
            [2000, 110.5, 1.5],
            [3000, 120, 3],
          ]),
        ],
      ]),
    );
    expect(value).toMatchObject({
      name: 'Hyperliquidity Provider (HLP)',
      vaultAddress: ADDRESS,
      aprFraction: 0.12,
    });
    expectPoints(value.points, [
      [1000, 100, 0],
      [2000, 110.5, 1.5],
      [3000, 120, 3],
    ]);
  });

  it('drops instants that only one of the two histories has', () => {
    // account value at 1500 has no pnl, pnl at 2500 has no account value: both go
    const allTime = period(
      [
        [1000, '100'],
        [1500, '105'],
        [2000, '110'],
      ],
      [
        [1000, '0'],
        [2000, '1'],
        [2500, '2'],
      ],
    );
    expectPoints(series(details([['allTime', allTime]])).points, [
      [1000, 100, 0],
      [2000, 110, 1],
    ]);
  });

  it('ignores periods it does not use, such as perpAllTime', () => {
    const value = series(
      details([
        ['perpAllTime', { anything: true }],
        ['allTime', paired([[1000, 1, 0]])],
      ]),
    );
    expect(value.points).toHaveLength(1);
  });
});

describe('normalizeVaultDetails: rejects garbage with a reason', () => {
  const good = paired([
    [1000, 100, 0],
    [2000, 110, 1],
  ]);
  const cases: [string, unknown, RegExp][] = [
    ['null', null, /vaultDetails must be an object, got null/],
    ['an array', [], /vaultDetails must be an object, got an array/],
    ['a string', 'error', /vaultDetails must be an object/],
    ['a missing name', details([['allTime', good]], { name: undefined }), /name must be a non-empty string/],
    ['a blank name', details([['allTime', good]], { name: '  ' }), /name must be a non-empty string/],
    ['a bad address', details([['allTime', good]], { vaultAddress: '0x1234' }), /vaultAddress must be/],
    [
      'an apr string',
      details([['allTime', good]], { apr: '0.12' }),
      /apr must be a finite number, got "0.12"/,
    ],
    ['an apr NaN', details([['allTime', good]], { apr: Number.NaN }), /apr must be a finite number, got NaN/],
    ['an infinite apr', details([['allTime', good]], { apr: Infinity }), /apr must be a finite number/],
    ['a portfolio object', details({ allTime: good }), /portfolio must be an array/],
    [
      'a portfolio entry that is not a pair',
      details([['allTime']]),
      /portfolio\[0\] must be a \[period, history\] pair/,
    ],
    [
      'a period listed twice',
      details([
        ['allTime', good],
        ['allTime', good],
      ]),
      /period "allTime" twice/,
    ],
    ['no allTime period', details([['day', good]]), /no allTime period/],
    ['an allTime that is not an object', details([['allTime', null]]), /portfolio.allTime must be an object/],
    [
      'a missing pnlHistory',
      details([['allTime', { accountValueHistory: [] }]]),
      /portfolio.allTime.pnlHistory must be an array/,
    ],
    ['empty histories', details([['allTime', period([], [])]]), /portfolio.allTime has no instant/],
    [
      'histories that share no instant',
      details([['allTime', period([[1000, '1']], [[2000, '0']])]]),
      /portfolio.allTime has no instant/,
    ],
    [
      'a sample that is not a pair',
      details([['allTime', period([[1000, '1', 'x'] as unknown as [number, string]], [])]]),
      /accountValueHistory\[0\] must be a \[timestampMs, "decimal"\] pair/,
    ],
    [
      'a string timestamp',
      details([['allTime', period([['1000', '1'] as unknown as [number, string]], [])]]),
      /timestamp must be a non-negative integer of milliseconds, got "1000"/,
    ],
    ['a fractional timestamp', details([['allTime', period([[1000.5, '1']], [])]]), /timestamp must be/],
    ['a negative timestamp', details([['allTime', period([[-1, '1']], [])]]), /timestamp must be/],
    [
      'a numeric value',
      details([['allTime', period([[1000, 1 as unknown as string]], [])]]),
      /value must be a decimal string such as "123.45", got 1/,
    ],
    ['a NaN value', details([['allTime', period([[1000, 'NaN']], [])]]), /value must be a decimal string/],
    [
      'an exponent value',
      details([['allTime', period([[1000, '1e5']], [])]]),
      /value must be a decimal string/,
    ],
    ['an empty value', details([['allTime', period([[1000, '']], [])]]), /value must be a decimal string/],
    [
      'a value too large to be finite',
      details([['allTime', period([[1000, '9'.repeat(400)]], [])]]),
      /is not a finite number/,
    ],
    [
      'unsorted timestamps',
      details([
        [
          'allTime',
          period(
            [
              [2000, '1'],
              [1000, '1'],
            ],
            [],
          ),
        ],
      ]),
      /accountValueHistory\[1\]: timestamp 1000 is not after the previous 2000/,
    ],
    [
      'duplicate timestamps',
      details([
        [
          'allTime',
          period(
            [[1000, '1']],
            [
              [1000, '0'],
              [1000, '1'],
            ],
          ),
        ],
      ]),
      /pnlHistory\[1\]: timestamp 1000 is not after the previous 1000/,
    ],
    [
      'a negative account value',
      details([['allTime', period([[1000, '-5']], [[1000, '0']])]]),
      /account value at 1000 is negative/,
    ],
    [
      'a broken finer period',
      details([
        ['allTime', good],
        [
          'day',
          period(
            [
              [2000, '1'],
              [1500, '1'],
            ],
            [],
          ),
        ],
      ]),
      /portfolio.day.accountValueHistory\[1\]: timestamp 1500/,
    ],
  ];

  it.each(cases)('rejects %s', (_label, raw, expected) => {
    expect(reason(raw)).toMatch(expected);
  });
});

describe('normalizeVaultDetails: merging finer periods', () => {
  it('splices the day period over the recent part, rebasing its pnl at a shared instant', () => {
    // allTime: 0 → pnl 0, 10d → 50, 20d → 80. day counts pnl from its own start: 19.5d → 0, 20d → 4, 20.25d → 6.
    // Shared instant 20d: offset = 80 − 4 = 76, so day becomes 19.5d → 76, 20d → 80, 20.25d → 82.
    // allTime points before 19.5d (0 and 10d) stay; the latest point is day's 20.25d.
    const value = series(
      details([
        [
          'allTime',
          paired([
            [0, 1000, 0],
            [10 * DAY, 1100, 50],
            [20 * DAY, 1200, 80],
          ]),
        ],
        [
          'day',
          paired([
            [19.5 * DAY, 1190, 0],
            [20 * DAY, 1200, 4],
            [20.25 * DAY, 1210, 6],
          ]),
        ],
      ]),
    );
    expectPoints(value.points, [
      [0, 1000, 0],
      [10 * DAY, 1100, 50],
      [19.5 * DAY, 1190, 76],
      [20 * DAY, 1200, 80],
      [20.25 * DAY, 1210, 82],
    ]);
  });

  it('cascades month, week and day so the freshest sample is the latest point', () => {
    // allTime: 0 → 0, 30d → 30.
    // month: 1d → 0, 30d → 29, 30d+1h → 29.5; shared 30d: offset 30 − 29 = 1 → 1, 30, 30.5.
    // week: 24d → 0, 30d+1h → 6.5, 30d+2h → 7; shared 30d+1h: offset 30.5 − 6.5 = 24 → 24, 30.5, 31.
    // day: 29d+3h → 0, 30d+2h → 0.8, 30d+3h → 1; shared 30d+2h: offset 31 − 0.8 = 30.2 → 30.2, 31, 31.2.
    // Kept: allTime 0, month 1d (before week's 24d), week 24d (before day's 29d+3h), then all of day.
    // Periods are listed in upstream order (day first) to show the order of the answer does not matter.
    const value = series(
      details([
        [
          'day',
          paired([
            [29 * DAY + 3 * HOUR, 1003, 0],
            [30 * DAY + 2 * HOUR, 1002, 0.8],
            [30 * DAY + 3 * HOUR, 1004, 1],
          ]),
        ],
        [
          'week',
          paired([
            [24 * DAY, 1000, 0],
            [30 * DAY + HOUR, 1001, 6.5],
            [30 * DAY + 2 * HOUR, 1002, 7],
          ]),
        ],
        [
          'month',
          paired([
            [DAY, 1000, 0],
            [30 * DAY, 1000, 29],
            [30 * DAY + HOUR, 1001, 29.5],
          ]),
        ],
        [
          'allTime',
          paired([
            [0, 1000, 0],
            [30 * DAY, 1000, 30],
          ]),
        ],
      ]),
    );
    expectPoints(value.points, [
      [0, 1000, 0],
      [DAY, 1000, 1],
      [24 * DAY, 1000, 24],
      [29 * DAY + 3 * HOUR, 1003, 30.2],
      [30 * DAY + 2 * HOUR, 1002, 31],
      [30 * DAY + 3 * HOUR, 1004, 31.2],
    ]);
  });

  it('anchors by interpolation when no instant is shared', () => {
    // allTime: 0 → 0, 10d → 100. day: 9.5d → 0, 10.5d → 7.
    // allTime pnl at 9.5d = 0 + (100 − 0) × 9.5 / 10 = 95, offset 95 → 9.5d → 95, 10.5d → 102.
    const value = series(
      details([
        [
          'allTime',
          paired([
            [0, 1000, 0],
            [10 * DAY, 1100, 100],
          ]),
        ],
        [
          'day',
          paired([
            [9.5 * DAY, 1095, 0],
            [10.5 * DAY, 1102, 7],
          ]),
        ],
      ]),
    );
    expectPoints(value.points, [
      [0, 1000, 0],
      [9.5 * DAY, 1095, 95],
      [10.5 * DAY, 1102, 102],
    ]);
  });

  it('leaves out a finer period it cannot anchor, rather than guess its pnl level', () => {
    // day starts after allTime ends and shares no instant: its pnl scale is unknown.
    const value = series(
      details([
        [
          'allTime',
          paired([
            [0, 1000, 0],
            [10 * DAY, 1100, 100],
          ]),
        ],
        [
          'day',
          paired([
            [11 * DAY, 1100, 0],
            [11.5 * DAY, 1101, 1],
          ]),
        ],
      ]),
    );
    expect(value.points.map((p) => p.t)).toEqual([0, 10 * DAY]);
  });

  it('ignores an empty finer period', () => {
    const value = series(
      details([
        ['allTime', paired([[0, 1000, 0]])],
        ['day', period([], [])],
      ]),
    );
    expect(value.points).toHaveLength(1);
  });
});
