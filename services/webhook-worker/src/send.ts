/** One HTTP attempt: POST the signed body, bounded by a timeout, never following redirects. */

export interface AttemptAnswer {
  /** Null when no HTTP answer came in time (timeout, refused or reset connection, bad URL). */
  statusCode: number | null;
  retryAfter: string | null;
  durationMs: number;
  /** Why the attempt failed, for webhook_attempts.error; null on 2xx. */
  error: string | null;
}

function causeOf(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `no answer within ${timeoutMs}ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `request failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptAnswer> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'user-agent': 'yv-webhooks/1', ...headers },
      // A redirect is an answer of its own (a failed attempt): a signed body is never re-sent elsewhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The receiver's body means nothing to us; dropping it frees the connection for the next attempt.
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      retryAfter: response.headers.get('retry-after'),
      durationMs: performance.now() - started,
      error: ok ? null : `receiver answered ${response.status}`,
    };
  } catch (error) {
    return {
      statusCode: null,
      retryAfter: null,
      durationMs: performance.now() - started,
      error: causeOf(error, timeoutMs),
    };
  }
}
