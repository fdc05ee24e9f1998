import pino, { type DestinationStream } from 'pino';
import type { LogLevel } from '@yv/config';

export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

/** Block numbers and amounts are bigint: logged as decimal strings, never as lossy JSON numbers. */
function bigintsAsStrings(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(bigintsAsStrings);
  if (value && typeof value === 'object' && !(value instanceof Error) && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bigintsAsStrings(v)]));
  }
  return value;
}

/**
 * Pino JSON lines (stdout unless `destination`), behind the function the indexer's steps call: a step logs
 * `log('warn', 'reorg', { depth })` and needs to know nothing of pino.
 */
export function createLogger(
  minLevel: LogLevel,
  service = 'indexer',
  destination?: DestinationStream,
): Logger {
  const log = pino({ level: minLevel, base: { service } }, destination);
  return (level, message, fields = {}) => log[level](bigintsAsStrings(fields) as object, message);
}
