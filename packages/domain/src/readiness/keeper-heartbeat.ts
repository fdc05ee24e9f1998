import { isHexAddress } from '@yv/schemas';

/**
 * Checks one keeper heartbeat as published to the Redis stream (docs/keeper-heartbeat.md): fields `service`,
 * `at` and `payload` (JSON). Never throws; everything wrong is listed in `problems`, and the heartbeat is valid
 * only when there are none.
 */
export interface CheckedHeartbeat {
  service: string | null;
  /** The payload's `keeper`, as sent. */
  keeper: string | null;
  /** The tick time by the keeper's clock; null when missing or not a date. */
  at: Date | null;
  /** The parsed payload, or null when it is not a JSON object. */
  payload: Record<string, unknown> | null;
  valid: boolean;
  problems: string[];
}

function parseObject(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * @param fields the stream entry's fields.
 * @param expectedKeeper Core.keeper() from the latest vault snapshot; null when no snapshot exists yet, which
 *   makes every heartbeat unverifiable and so invalid.
 */
export function checkKeeperHeartbeat(
  fields: Readonly<Record<string, string>>,
  expectedKeeper: string | null,
): CheckedHeartbeat {
  const problems: string[] = [];
  const payload = parseObject(fields.payload);
  if (payload === null) problems.push('payload is missing or not a JSON object');
  const service = typeof payload?.service === 'string' ? payload.service : (fields.service ?? null);
  if (service === null) problems.push('service is missing');
  const keeper = typeof payload?.keeper === 'string' ? payload.keeper : null;
  if (payload !== null && !isHexAddress(keeper)) problems.push('payload.keeper is not an address');
  const at = parseDate(payload?.at ?? fields.at);
  if (at === null) problems.push('at is missing or not an ISO 8601 time');
  if (payload !== null && payload.ok !== true)
    problems.push(`keeper reported a failed tick: ${String(payload.error ?? 'ok is not true')}`);
  if (expectedKeeper === null) problems.push('no vault snapshot yet to compare the keeper address with');
  else if (isHexAddress(keeper) && keeper.toLowerCase() !== expectedKeeper.toLowerCase())
    problems.push(`keeper ${keeper} is not the vault's keeper ${expectedKeeper}`);
  return { service, keeper, at, payload, valid: problems.length === 0, problems };
}
