import { insertHlpSnapshot } from '@yv/db';
import { normalizeVaultDetails } from '@yv/domain';
import { errorMessage, type WatcherContext } from '../context';

export type HlpFailureReason = 'timeout' | 'network' | 'http_status' | 'not_json' | 'invalid';

type Fetched =
  { ok: true; raw: unknown } | { ok: false; reason: HlpFailureReason; error: string; raw: unknown };

async function fetchVaultDetails(url: string, vaultAddress: string, timeoutMs: number): Promise<Fetched> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'vaultDetails', vaultAddress }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? { ok: false, reason: 'timeout', error: `no answer within ${timeoutMs} ms`, raw: null }
      : { ok: false, reason: 'network', error: errorMessage(error), raw: null };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = undefined;
  }
  if (!response.ok) {
    return {
      ok: false,
      reason: 'http_status',
      error: `upstream answered HTTP ${response.status}`,
      raw: raw ?? null,
    };
  }
  if (raw === undefined)
    return { ok: false, reason: 'not_json', error: 'upstream answer is not JSON', raw: null };
  return { ok: true, raw };
}

/**
 * Polls vaultDetails once and stores the outcome. A failure is stored as an ok = false row, so the last good
 * snapshot stays the one served; it is not rethrown, because polling again sooner would not help.
 * @returns the failure reason, or null when a good snapshot was stored.
 */
export async function pollHlp(ctx: WatcherContext): Promise<HlpFailureReason | null> {
  const vaultAddress = ctx.hlpVaultAddress;
  const fetched = await fetchVaultDetails(
    ctx.config.HLP_API_URL,
    vaultAddress,
    ctx.config.HLP_REQUEST_TIMEOUT_MS,
  );
  const normalized = fetched.ok ? normalizeVaultDetails(fetched.raw) : null;
  if (fetched.ok && normalized?.ok) {
    await insertHlpSnapshot(ctx.pool, { vaultAddress, ok: true, raw: fetched.raw, series: normalized.value });
    ctx.metrics.snapshots.inc({ kind: 'hlp' });
    return null;
  }
  const failure = fetched.ok
    ? {
        reason: 'invalid' as const,
        error: normalized && !normalized.ok ? normalized.reason : 'invalid answer',
      }
    : fetched;
  await insertHlpSnapshot(ctx.pool, {
    vaultAddress,
    ok: false,
    error: failure.error,
    raw: fetched.raw ?? null,
  });
  ctx.metrics.hlpUpstreamFailures.inc({ reason: failure.reason });
  ctx.log('warn', 'HLP upstream poll failed', { reason: failure.reason, error: failure.error });
  return failure.reason;
}
