import { LOG_LEVELS, type LogLevel } from '@yv/config';

export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

/** JSON lines on stdout (errors on stderr), bigint fields as strings. */
export function createLogger(minLevel: LogLevel, service = 'indexer'): Logger {
  const min = LOG_LEVELS.indexOf(minLevel);
  return (level, message, fields = {}) => {
    if (LOG_LEVELS.indexOf(level) < min) return;
    const line = JSON.stringify(
      { time: new Date().toISOString(), level, service, message, ...fields },
      (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
    );
    (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  };
}
