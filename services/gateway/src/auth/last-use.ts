import type { Logger } from 'pino';
import { touchPartnerApiKeys, type Pool } from '@yv/db';
import type { OnAuthenticated } from './partner-auth';

/** How often one key's last use is written, per replica: `lastUsedAt` is accurate to about this. */
export const LAST_USE_WRITE_INTERVAL_MS = 60_000;

/**
 * Records each key's last use without a write per request: at most once per interval per key, fire-and-forget, so a
 * slow or failing database never delays or fails the request it came with (failures are logged, the next use after
 * the interval tries again).
 */
export function lastUseRecorder(opts: { pool: Pool; log: Logger; intervalMs?: number }): OnAuthenticated {
  const intervalMs = opts.intervalMs ?? LAST_USE_WRITE_INTERVAL_MS;
  const writtenAt = new Map<string, number>();
  return (keyId) => {
    const now = Date.now();
    if (now - (writtenAt.get(keyId) ?? -Infinity) < intervalMs) return;
    writtenAt.set(keyId, now);
    touchPartnerApiKeys(opts.pool, [keyId], new Date(now)).catch((error: unknown) => {
      opts.log.warn({ err: error, keyId }, "could not record an API key's last use");
    });
  };
}
