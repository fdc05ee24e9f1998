/** The spec's Amount: an integer in the token's smallest unit, its decimals, and an exact decimal rendering. */
export interface Amount {
  raw: string;
  decimals: number;
  formatted: string;
}

/**
 * Exact decimal rendering of a raw integer amount: no float ever touches it. Trailing zeros of the fraction are
 * dropped, a whole number keeps no point: 1_500_000n at 6 decimals is "1.5", 2_000_000n is "2", -5n is "-0.000005".
 */
export function formatUnitsExact(raw: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new RangeError(`decimals must be a whole number >= 0: ${decimals}`);
  const sign = raw < 0n ? '-' : '';
  const digits = (raw < 0n ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function toAmount(raw: bigint, decimals: number): Amount {
  return { raw: raw.toString(), decimals, formatted: formatUnitsExact(raw, decimals) };
}

const UINT256_MAX = (1n << 256n) - 1n;
const INTEGER_STRING = /^(0|[1-9][0-9]*)$/;

/** Parses a wire amount string (already pattern-checked by the schema) into a bigint within uint256. */
export function parseRawAmount(value: string): bigint | null {
  if (!INTEGER_STRING.test(value)) return null;
  const n = BigInt(value);
  return n <= UINT256_MAX ? n : null;
}
