import pino, { type Level, type Logger } from 'pino';

/**
 * A service's log as its steps call it, `log('warn', 'reorg', { depth })`, knowing nothing of pino. Block numbers
 * and amounts may be bigint: they are logged as decimal strings, never as lossy JSON numbers.
 */
export type Log = (level: Level, message: string, fields?: Record<string, unknown>) => void;

function bigintsAsStrings(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(bigintsAsStrings);
  if (value && typeof value === 'object' && !(value instanceof Error) && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bigintsAsStrings(v)]));
  }
  return value;
}

/** Pino JSON lines on stdout, each naming the service it comes from. */
export function serviceLogger(service: string, level: Level): Logger {
  return pino({ level, base: { service } });
}

/** The `Log` function over a pino logger. */
export function toLog(logger: Logger): Log {
  return (level, message, fields = {}) => logger[level](bigintsAsStrings(fields) as object, message);
}

export function createLog(service: string, level: Level): Log {
  return toLog(serviceLogger(service, level));
}

/**
 * A service's pools' `onError`: an idle connection the server or the network cut (the pool has dropped it already)
 * as a warning in the service's own log, with its level and fields, where an operator reads everything else.
 */
export function warnLostConnection(log: Log): (error: Error) => void {
  return (error) => log('warn', 'postgres: an idle connection was lost', { err: error });
}
