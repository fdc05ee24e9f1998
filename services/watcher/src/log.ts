import pino, { type DestinationStream } from 'pino';
import type { LogLevel } from '@yv/config';
import type { Log } from './context';

/** Pino JSON lines (stdout unless `destination`) behind the watcher's `log(level, message, fields)`. */
export function createWatcherLog(minLevel: LogLevel, destination?: DestinationStream): Log {
  const log = pino({ level: minLevel, base: { service: 'watcher' } }, destination);
  return (level, message, fields = {}) => log[level](fields, message);
}
