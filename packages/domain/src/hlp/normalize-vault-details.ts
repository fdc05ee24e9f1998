import { isHexAddress } from '@yv/schemas';
import { mergeFinerPeriod } from './merge-periods';
import { fail, isRecord, parsePeriod, preview } from './parse-history';
import type { HlpNormalizeResult, HlpPoint, HlpResult } from './types';

/** Coarse to fine: each one replaces the recent part of what came before with denser, fresher samples. */
const FINER_PERIODS = ['month', 'week', 'day'] as const;

/** `portfolio` is a list of `[period, history]` pairs; periods we do not use (perpDay, …) are only shape-checked. */
function readPortfolio(raw: unknown): HlpResult<Map<string, unknown>> {
  if (!Array.isArray(raw))
    return fail(`portfolio must be an array of [period, history] pairs, got ${preview(raw)}`);
  const periods = new Map<string, unknown>();
  for (const [i, entry] of raw.entries()) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') {
      return fail(`portfolio[${i}] must be a [period, history] pair`);
    }
    const [period, history] = entry as [string, unknown];
    if (periods.has(period)) return fail(`portfolio lists period ${JSON.stringify(period)} twice`);
    periods.set(period, history);
  }
  return { ok: true, value: periods };
}

function mergePeriods(periods: Map<string, unknown>): HlpResult<HlpPoint[]> {
  const allTime = parsePeriod(periods.get('allTime'), 'allTime');
  if (!allTime.ok) return allTime;
  if (allTime.value.length === 0) {
    return fail(
      'portfolio.allTime has no instant with both an account value and a pnl (empty or unpaired histories)',
    );
  }
  let points = allTime.value;
  for (const period of FINER_PERIODS) {
    if (!periods.has(period)) continue;
    const finer = parsePeriod(periods.get(period), period);
    if (!finer.ok) return finer;
    points = mergeFinerPeriod(points, finer.value);
  }
  return { ok: true, value: points };
}

/**
 * Validates a Hyperliquid info `vaultDetails` answer and builds the HLP series from the allTime period, with
 * month, week and day spliced over the recent part. Never throws: garbage comes back as `{ok: false, reason}`
 * naming the offending field.
 */
export function normalizeVaultDetails(raw: unknown): HlpNormalizeResult {
  if (!isRecord(raw)) return fail(`vaultDetails must be an object, got ${preview(raw)}`);
  const { name, vaultAddress, apr, portfolio } = raw;
  if (typeof name !== 'string' || name.trim() === '')
    return fail(`name must be a non-empty string, got ${preview(name)}`);
  if (!isHexAddress(vaultAddress)) {
    return fail(`vaultAddress must be a 0x-prefixed 20-byte hex address, got ${preview(vaultAddress)}`);
  }
  if (typeof apr !== 'number' || !Number.isFinite(apr))
    return fail(`apr must be a finite number, got ${preview(apr)}`);
  const periods = readPortfolio(portfolio);
  if (!periods.ok) return periods;
  if (!periods.value.has('allTime')) return fail('portfolio has no allTime period');
  const points = mergePeriods(periods.value);
  if (!points.ok) return points;
  return { ok: true, value: { name, vaultAddress, aprFraction: apr, points: points.value } };
}
