import type { HlpPoint, HlpResult } from './types';

/** Upstream amounts are plain decimal strings ("-12.5"); anything else (exponents, blanks, NaN) is refused. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

interface Sample {
  t: number;
  value: number;
}

export function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short rendering of a rejected value for a reason string, never the whole payload. */
export function preview(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number') return String(value);
  return typeof value;
}

/**
 * Reads one `[[tMs, "decimal"], …]` history. Timestamps must be strictly ascending: windows are located by
 * binary search, and an instant listed twice has no single value.
 */
function parseHistory(raw: unknown, path: string): HlpResult<Sample[]> {
  if (!Array.isArray(raw))
    return fail(`${path} must be an array of [timestampMs, "decimal"] pairs, got ${preview(raw)}`);
  const samples: Sample[] = [];
  for (const [i, entry] of raw.entries()) {
    const at = `${path}[${i}]`;
    if (!Array.isArray(entry) || entry.length !== 2)
      return fail(`${at} must be a [timestampMs, "decimal"] pair`);
    const [t, text] = entry as [unknown, unknown];
    if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) {
      return fail(`${at}: timestamp must be a non-negative integer of milliseconds, got ${preview(t)}`);
    }
    if (typeof text !== 'string' || !DECIMAL.test(text)) {
      return fail(`${at}: value must be a decimal string such as "123.45", got ${preview(text)}`);
    }
    const value = Number(text);
    if (!Number.isFinite(value)) return fail(`${at}: value ${preview(text)} is not a finite number`);
    const previous = samples[samples.length - 1];
    if (previous !== undefined && t <= previous.t) {
      return fail(
        `${at}: timestamp ${t} is not after the previous ${previous.t} (must be strictly ascending)`,
      );
    }
    samples.push({ t, value });
  }
  return { ok: true, value: samples };
}

/** Keeps only instants present in both histories (both ascending), so every point has a value and a pnl. */
function pairByTimestamp(accountValues: readonly Sample[], pnls: readonly Sample[]): HlpPoint[] {
  const points: HlpPoint[] = [];
  let j = 0;
  for (const av of accountValues) {
    while (j < pnls.length && pnls[j]!.t < av.t) j++;
    const pnl = pnls[j];
    if (pnl !== undefined && pnl.t === av.t)
      points.push({ t: av.t, accountValueUsd: av.value, pnlUsd: pnl.value });
  }
  return points;
}

/** One portfolio period (`{accountValueHistory, pnlHistory, vlm}`) as paired points; `vlm` is not used. */
export function parsePeriod(raw: unknown, period: string): HlpResult<HlpPoint[]> {
  const path = `portfolio.${period}`;
  if (!isRecord(raw))
    return fail(`${path} must be an object with accountValueHistory and pnlHistory, got ${preview(raw)}`);
  const accountValues = parseHistory(raw.accountValueHistory, `${path}.accountValueHistory`);
  if (!accountValues.ok) return accountValues;
  const pnls = parseHistory(raw.pnlHistory, `${path}.pnlHistory`);
  if (!pnls.ok) return pnls;
  const negative = accountValues.value.find((s) => s.value < 0);
  if (negative !== undefined) {
    return fail(
      `${path}.accountValueHistory: account value at ${negative.t} is negative (${negative.value})`,
    );
  }
  return { ok: true, value: pairByTimestamp(accountValues.value, pnls.value) };
}
