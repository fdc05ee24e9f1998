/** Request-body checks. Amounts arrive as integer strings and become bigint: a JS number loses precision. */

/** A 400 with its message; the app's error handler answers it. */
export class BadRequest extends Error {
  readonly status = 400;
}

/** uint256 has at most 78 decimal digits. */
const RAW_AMOUNT = /^[0-9]{1,78}$/;

/** A positive amount in the token's smallest unit, given as a decimal string ("25000000" = 25 USDC). */
export function rawAmount(body: unknown, field: string): bigint {
  const value = fieldOf(body, field);
  if (typeof value !== 'string' || !RAW_AMOUNT.test(value))
    throw new BadRequest(`${field} must be a decimal string of the smallest unit, e.g. "25000000"`);
  const amount = BigInt(value);
  if (amount === 0n) throw new BadRequest(`${field} must be above 0`);
  return amount;
}

export function optionalChainId(body: unknown, field: string): number | undefined {
  const value = fieldOf(body, field);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw new BadRequest(`${field} must be a positive integer chain id`);
  return value;
}

export function requiredString(body: unknown, field: string): string {
  const value = fieldOf(body, field);
  if (typeof value !== 'string' || value === '') throw new BadRequest(`${field} must be a non-empty string`);
  return value;
}

function fieldOf(body: unknown, field: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
}
