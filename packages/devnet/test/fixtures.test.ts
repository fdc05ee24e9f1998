import {
  BRIDGE_QUOTE_TTL_MS,
  DEFAULT_HLP_HISTORY_DAYS,
  HLP_LEADER_ADDRESS,
  bridgeDepositAddress,
  buildHlpVaultDetails,
  hlpDailySamples,
  startFixtureServer,
  type FixtureServer,
  type PortfolioPeriod,
  type PortfolioSeries,
  type TimedDecimal,
  type VaultDetails,
} from '../src/fixtures';
import type { BridgeQuoteRequest } from '@yv/schemas';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-03-14T15:26:53.589Z');
const HLP = '0xdfc24b077bc1425ad1dea75bcb6f8158e10df303';
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DECIMAL = /^-?\d+\.\d+$/;

/** Hyperliquid decimals as exact micro-USD, so invariants are checked to the last digit. */
function micro(decimal: string): bigint {
  expect(decimal).toMatch(DECIMAL);
  const negative = decimal.startsWith('-');
  const [whole, fraction] = decimal.replace('-', '').split('.') as [string, string];
  const value = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return negative ? -value : value;
}

function period(details: VaultDetails, name: PortfolioPeriod): PortfolioSeries {
  const entry = details.portfolio.find(([p]) => p === name);
  if (!entry) throw new Error(`no ${name} period`);
  return entry[1];
}

function valuesAt(history: TimedDecimal[]): Map<number, bigint> {
  return new Map(history.map(([t, v]) => [t, micro(v)]));
}

describe('HLP vaultDetails generator', () => {
  const details = buildHlpVaultDetails({ now: NOW });
  const allTime = period(details, 'allTime');

  it('answers in the shape of Hyperliquid vaultDetails', () => {
    expect(details).toMatchObject({
      name: 'Hyperliquidity Provider (HLP)',
      vaultAddress: HLP,
      leader: HLP_LEADER_ADDRESS,
      followerState: null,
      leaderCommission: 0,
      isClosed: false,
      allowDeposits: true,
      alwaysCloseOnWithdraw: false,
      relationship: { type: 'parent' },
    });
    expect(details.description.length).toBeGreaterThan(20);
    expect(details.portfolio.map(([p]) => p)).toEqual(['day', 'week', 'month', 'allTime']);
    for (const [, series] of details.portfolio) expect(series.vlm).toMatch(DECIMAL);
    expect(details.relationship.data.childAddresses.length).toBeGreaterThan(0);
    for (const child of details.relationship.data.childAddresses) expect(child).toMatch(ADDRESS);
    for (const n of [
      details.apr,
      details.leaderFraction,
      details.maxDistributable,
      details.maxWithdrawable,
    ]) {
      expect(typeof n).toBe('number');
      expect(Number.isFinite(n)).toBe(true);
    }
    expect(Math.abs(details.apr)).toBeLessThan(1);
    expect(details.leaderFraction).toBeGreaterThan(0);
    expect(details.leaderFraction).toBeLessThan(0.01);
  });

  it('lists followers sorted by equity, holding less than the whole vault', () => {
    const { followers } = details;
    expect(followers).toHaveLength(100);
    const equities = followers.map((f) => micro(f.vaultEquity));
    expect([...equities].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(equities);
    const lastValue = micro(allTime.accountValueHistory.at(-1)![1]);
    expect(equities.reduce((a, b) => a + b, 0n)).toBeLessThan(lastValue);
    expect(new Set(followers.map((f) => f.user)).size).toBe(100);
    for (const f of followers) {
      expect(f.user).toMatch(/^0x[0-9a-f]{40}$/);
      micro(f.pnl);
      micro(f.allTimePnl);
      expect(Number.isInteger(f.daysFollowing)).toBe(true);
      expect(Math.floor((NOW.getTime() - f.vaultEntryTime) / DAY)).toBe(f.daysFollowing);
      expect(f.lockupUntil).toBeGreaterThan(f.vaultEntryTime);
    }
  });

  it('covers more than 400 days with one point a day ending at now', () => {
    const times = allTime.accountValueHistory.map(([t]) => t);
    expect(times).toHaveLength(DEFAULT_HLP_HISTORY_DAYS + 1);
    expect(DEFAULT_HLP_HISTORY_DAYS).toBeGreaterThanOrEqual(400);
    expect(times.at(-1)).toBe(NOW.getTime());
    for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBe(DAY);
    expect(allTime.pnlHistory.map(([t]) => t)).toEqual(times);
    for (const [, value] of allTime.accountValueHistory) {
      expect(micro(value)).toBeGreaterThan(100_000_000n * 1_000_000n);
      expect(micro(value)).toBeLessThan(1_000_000_000n * 1_000_000n);
    }
  });

  it('honours days and vaultAddress', () => {
    const short = buildHlpVaultDetails({
      now: NOW,
      days: 450,
      vaultAddress: HLP.toUpperCase().replace('0X', '0x'),
    });
    expect(period(short, 'allTime').accountValueHistory).toHaveLength(451);
    expect(short.vaultAddress).toBe(HLP);
  });

  it('is deterministic for one seed and now, and differs across seeds', () => {
    expect(JSON.stringify(buildHlpVaultDetails({ now: NOW }))).toBe(JSON.stringify(details));
    expect(JSON.stringify(buildHlpVaultDetails({ now: NOW, seed: 2 }))).not.toBe(JSON.stringify(details));
  });

  it('keeps the past unchanged when now moves on', () => {
    const later = period(buildHlpVaultDetails({ now: new Date(NOW.getTime() + 3 * DAY) }), 'allTime');
    const before = valuesAt(allTime.accountValueHistory);
    const shared = later.accountValueHistory.filter(([t]) => before.has(t));
    expect(shared.length).toBe(DEFAULT_HLP_HISTORY_DAYS - 2);
    for (const [t, v] of shared) expect(micro(v)).toBe(before.get(t));
  });

  it('moves account value by flows as well as pnl: value = initial + net flows + pnl', () => {
    const samples = hlpDailySamples({ now: NOW });
    expect(samples.map((s) => s.t)).toEqual(allTime.accountValueHistory.map(([t]) => t));
    const values = allTime.accountValueHistory.map(([, v]) => micro(v));
    const pnl = allTime.pnlHistory.map(([, v]) => micro(v));
    const flows = samples.map((s) => BigInt(s.netFlowsMicroUsd - samples[0]!.netFlowsMicroUsd));
    expect(pnl[0]).toBe(0n);
    values.forEach((value, k) => expect(value).toBe(values[0]! + flows[k]! + pnl[k]!));

    const dayFlows = values.slice(1).map((v, k) => v - values[k]! - (pnl[k + 1]! - pnl[k]!));
    expect(dayFlows.filter((f) => f > 0n).length).toBeGreaterThan(20);
    expect(dayFlows.filter((f) => f < 0n).length).toBeGreaterThan(20);
    expect(dayFlows.filter((f) => f === 0n).length).toBeGreaterThan(20);
  });

  it('earns like HLP: ~8-20% a year, negative days and at least one drawdown', () => {
    const values = allTime.accountValueHistory.map(([, v]) => Number(v));
    const pnl = allTime.pnlHistory.map(([, v]) => Number(v));
    const returns = values.slice(1).map((_, k) => (pnl[k + 1]! - pnl[k]!) / values[k]!);
    let index = 1;
    let peak = 1;
    let maxDrawdown = 0;
    for (const r of returns) {
      index *= 1 + r;
      peak = Math.max(peak, index);
      maxDrawdown = Math.max(maxDrawdown, 1 - index / peak);
    }
    const annual = index ** (365 / returns.length) - 1;
    expect(annual).toBeGreaterThan(0.08);
    expect(annual).toBeLessThan(0.2);
    const negativeShare = returns.filter((r) => r < 0).length / returns.length;
    expect(negativeShare).toBeGreaterThan(0.15);
    expect(negativeShare).toBeLessThan(0.5);
    expect(maxDrawdown).toBeGreaterThan(0.01);
    expect(Math.min(...returns)).toBeGreaterThan(-0.05);
  });

  it.each([
    ['day', HOUR, 24],
    ['week', 2 * HOUR, 84],
    ['month', DAY, 30],
  ] as const)('samples the %s period every %i ms over its span, ending at now', (name, step, count) => {
    const series = period(details, name);
    const times = series.accountValueHistory.map(([t]) => t);
    expect(times).toHaveLength(count + 1);
    expect(times[0]).toBe(NOW.getTime() - count * step);
    expect(times.at(-1)).toBe(NOW.getTime());
    for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBe(step);
    expect(series.pnlHistory[0]![1]).toBe('0.0');
  });

  it('draws every period from one series', () => {
    const allValues = valuesAt(allTime.accountValueHistory);
    const allPnl = valuesAt(allTime.pnlHistory);
    for (const name of ['day', 'week', 'month'] as const) {
      const series = period(details, name);
      const values = valuesAt(series.accountValueHistory);
      const pnl = valuesAt(series.pnlHistory);
      const shared = [...values.keys()].filter((t) => allValues.has(t));
      expect(shared.length).toBeGreaterThanOrEqual(2);
      for (const t of shared) expect(values.get(t)).toBe(allValues.get(t));
      const [first, last] = [shared[0]!, shared.at(-1)!];
      expect(pnl.get(last)! - pnl.get(first)!).toBe(allPnl.get(last)! - allPnl.get(first)!);
    }
    const week = valuesAt(period(details, 'week').accountValueHistory);
    const day = period(details, 'day').accountValueHistory.filter(([t]) => week.has(t));
    expect(day.length).toBe(13);
    for (const [t, v] of day) expect(micro(v)).toBe(week.get(t));
  });
});

async function postJson(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

describe('fixture server', () => {
  let server: FixtureServer;
  let clock = NOW;

  beforeAll(async () => {
    server = await startFixtureServer({ port: 0, now: () => clock });
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.setHlpMode('ok');
    clock = NOW;
  });

  it('listens on a random port with the documented URLs', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:8546$/);
    expect(server.hlpUrl).toBe(`${server.url}/info`);
    expect(server.bridgeUrl).toBe(`${server.url}/bridge`);
  });

  describe('POST /info', () => {
    it('answers vaultDetails for the HLP vault, whatever the address case', async () => {
      const res = await postJson(server.hlpUrl, {
        type: 'vaultDetails',
        vaultAddress: HLP.toUpperCase().replace('0X', '0x'),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toEqual(buildHlpVaultDetails({ now: NOW }));
    });

    it('follows the clock, from one cached history per day', async () => {
      clock = new Date(NOW.getTime() + 5 * HOUR);
      const res = await postJson(server.hlpUrl, { type: 'vaultDetails', vaultAddress: HLP });
      const details = (await res.json()) as VaultDetails;
      expect(period(details, 'allTime').accountValueHistory.at(-1)![0]).toBe(clock.getTime());
      expect(details).toEqual(buildHlpVaultDetails({ now: clock }));
    });

    it('fills followerState for a follower named in user', async () => {
      const follower = buildHlpVaultDetails({ now: NOW }).followers[3]!;
      const res = await postJson(server.hlpUrl, {
        type: 'vaultDetails',
        vaultAddress: HLP,
        user: follower.user,
      });
      expect(((await res.json()) as VaultDetails).followerState).toEqual(follower);
    });

    it('answers null for an address that is not the vault', async () => {
      const res = await postJson(server.hlpUrl, {
        type: 'vaultDetails',
        vaultAddress: `0x${'ab'.repeat(20)}`,
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('null');
    });

    it.each([
      ['an unknown type', { type: 'clearinghouseState', user: HLP }],
      ['a missing vaultAddress', { type: 'vaultDetails' }],
      ['a malformed vaultAddress', { type: 'vaultDetails', vaultAddress: '0x1234' }],
      ['a malformed user', { type: 'vaultDetails', vaultAddress: HLP, user: 'alice' }],
      ['a body that is not JSON', '{"type":'],
      ['a JSON array', '[]'],
    ])('answers 422 JSON to %s', async (_, body) => {
      const res = await postJson(server.hlpUrl, body);
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(((await res.json()) as { error: string }).error).toMatch(/deserialize/);
    });

    it('answers 405 to other methods and 404 JSON to unknown routes', async () => {
      expect((await fetch(server.hlpUrl)).status).toBe(405);
      const res = await fetch(`${server.url}/nowhere`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: expect.stringContaining('/nowhere') });
    });

    it('answers 413 to an oversized body', async () => {
      const res = await postJson(server.hlpUrl, {
        type: 'vaultDetails',
        vaultAddress: HLP,
        pad: 'x'.repeat(100_000),
      });
      expect(res.status).toBe(413);
    });
  });

  describe('HLP fault modes', () => {
    const request = { type: 'vaultDetails', vaultAddress: HLP };

    it('error answers 500', async () => {
      server.setHlpMode('error');
      const res = await postJson(server.hlpUrl, request);
      expect(res.status).toBe(500);
      await res.body?.cancel();
    });

    it('garbage answers 200 with a body that is not vaultDetails', async () => {
      server.setHlpMode('garbage');
      const res = await postJson(server.hlpUrl, request);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Array.isArray(body.portfolio)).toBe(false);
      expect(typeof body.apr).not.toBe('number');
    });

    it('slow holds the answer past any client timeout', async () => {
      server.setHlpMode('slow');
      const started = Date.now();
      await expect(postJson(server.hlpUrl, request, { signal: AbortSignal.timeout(500) })).rejects.toThrow(
        /aborted|timeout/i,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    });

    it('down drops the connection', async () => {
      server.setHlpMode('down');
      await expect(postJson(server.hlpUrl, request)).rejects.toThrow(/fetch failed/);
    });

    it('leaves the bridge up and recovers when set back to ok', async () => {
      server.setHlpMode('down');
      expect((await fetch(`${server.bridgeUrl}/status/0x00`)).status).toBe(404);
      server.setHlpMode('ok');
      expect((await postJson(server.hlpUrl, request)).status).toBe(200);
    });
  });

  describe('bridge', () => {
    const quoteRequest: BridgeQuoteRequest = {
      originChainId: 999,
      destinationChainId: 42161,
      amountRaw: '2500000000',
      recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      refundTo: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      originCurrency: '0xb88339CB7199b77E23DB6E890353E22632Ba630f',
      destinationCurrency: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    };

    async function quote(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
      const res = await postJson(`${server.bridgeUrl}/quote`, body);
      expect(res.headers.get('content-type')).toBe('application/json');
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }

    it('quotes a deposit address derived from the request', async () => {
      const { status, body } = await quote(quoteRequest);
      expect(status).toBe(200);
      expect(body).toEqual({
        ...quoteRequest,
        requestId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        depositAddress: bridgeDepositAddress(quoteRequest),
        statusUrl: `${server.bridgeUrl}/status/${body.requestId as string}`,
        expiresAt: new Date(NOW.getTime() + BRIDGE_QUOTE_TTL_MS).toISOString(),
      });
      expect(body.depositAddress).toMatch(ADDRESS);
    });

    it('quotes identical requests identically and different ones differently', async () => {
      const first = (await quote(quoteRequest)).body;
      const lowerCased = (await quote({ ...quoteRequest, recipient: quoteRequest.recipient.toLowerCase() }))
        .body;
      expect(lowerCased.requestId).toBe(first.requestId);
      expect(lowerCased.depositAddress).toBe(first.depositAddress);
      const other = (await quote({ ...quoteRequest, amountRaw: '2500000001' })).body;
      expect(other.requestId).not.toBe(first.requestId);
      expect(other.depositAddress).not.toBe(first.depositAddress);
    });

    it('reports a quoted request as waiting, and 404 for an unknown one', async () => {
      const { requestId, statusUrl } = (await quote(quoteRequest)).body as {
        requestId: string;
        statusUrl: string;
      };
      const known = await fetch(statusUrl);
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual({ requestId, status: 'waiting' });
      expect(
        (await fetch(`${server.bridgeUrl}/status/${requestId.toUpperCase().replace('0X', '0x')}`)).status,
      ).toBe(200);
      const unknown = await fetch(`${server.bridgeUrl}/status/0x${'0'.repeat(64)}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: expect.stringContaining('unknown requestId') });
    });

    it('bridges to the SVM chain with base58 addresses there', async () => {
      const { status } = await quote({
        ...quoteRequest,
        destinationChainId: 792703809,
        recipient: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
        destinationCurrency: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      });
      expect(status).toBe(200);
    });

    it.each([
      ['an unsupported origin chain', { originChainId: 5 }, /originChainId 5 is not supported/],
      [
        'an unsupported destination chain',
        { destinationChainId: 56 },
        /destinationChainId 56 is not supported/,
      ],
      ['a chain id given as a string', { originChainId: '999' }, /originChainId must be an integer/],
      ['the same chain on both sides', { destinationChainId: 999 }, /must differ/],
      ['an SVM origin', { originChainId: 792703809 }, /deposit addresses are not issued/],
      ['a decimal amount', { amountRaw: '1.5' }, /amountRaw/],
      ['a zero amount', { amountRaw: '0' }, /amountRaw/],
      ['a numeric amount', { amountRaw: 2500000000 }, /amountRaw/],
      ['an amount over uint256', { amountRaw: (1n << 256n).toString() }, /amountRaw/],
      ['a malformed recipient', { recipient: '0x1234' }, /recipient must be/],
      [
        'a 0x recipient on the SVM chain',
        { destinationChainId: 792703809 },
        /recipient must be a base58 address/,
      ],
      ['a missing refundTo', { refundTo: undefined }, /refundTo must be/],
      ['a malformed originCurrency', { originCurrency: 'usdc' }, /originCurrency must be/],
      ['a malformed destinationCurrency', { destinationCurrency: null }, /destinationCurrency must be/],
    ])('answers 400 to %s', async (_, change, message) => {
      const { status, body } = await quote({ ...quoteRequest, ...change });
      expect(status).toBe(400);
      expect(body.error).toMatch(message);
    });

    it('lists every problem at once, and rejects bodies that are not JSON objects', async () => {
      const { status, body } = await quote({ originChainId: 999 });
      expect(status).toBe(400);
      expect((body.error as string).split('; ').length).toBeGreaterThanOrEqual(5);
      expect((await quote('not json')).body).toEqual({ error: 'body is not valid JSON' });
      expect((await quote([quoteRequest])).body).toEqual({ error: 'body must be a JSON object' });
    });

    it('answers 405 to a GET of /quote and 404 to unknown bridge routes', async () => {
      expect((await fetch(`${server.bridgeUrl}/quote`)).status).toBe(405);
      expect((await fetch(`${server.bridgeUrl}/routes`)).status).toBe(404);
    });
  });
});
