/** One HTTP attempt: POST the signed body, bounded by a timeout, never following redirects. */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { WebhookUrlPolicy } from '@yv/domain';
import { guardedLookup, RefusedAddressError, urlRefusal } from './guard';

export interface AttemptAnswer {
  /** Null when no HTTP answer came in time (timeout, refused or reset connection, bad URL). */
  statusCode: number | null;
  retryAfter: string | null;
  durationMs: number;
  /** Why the attempt failed, for webhook_attempts.error; null on 2xx. */
  error: string | null;
}

/**
 * Connections to a receiver are kept open between attempts: a new TCP (and TLS) handshake per delivery would cost
 * more than the delivery itself. `lifo` reuses the most recent socket, so idle ones age out instead of going stale.
 */
const agentOptions = { keepAlive: true, scheduling: 'lifo' as const, timeout: 4_000 };
type Agents = { http: HttpAgent; https: HttpsAgent };
/** One pair of agents per policy (there are two), each resolving names through the policy's guarded lookup. */
const agentsByPolicy = new Map<boolean, Agents>();

function agentsFor(policy: WebhookUrlPolicy): Agents {
  let agents = agentsByPolicy.get(policy.allowPrivate);
  if (!agents) {
    const options = { ...agentOptions, lookup: guardedLookup(policy) };
    agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
    agentsByPolicy.set(policy.allowPrivate, agents);
  }
  return agents;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

function exchange(
  url: URL,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  agents: Agents,
): Promise<IncomingMessage> {
  const https = url.protocol === 'https:';
  if (!https && url.protocol !== 'http:') return Promise.reject(new Error(`unsupported URL ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      agent: https ? agents.https : agents.http,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'yv-webhooks/1',
        ...headers,
      },
      signal,
    });
    req.once('response', (response) => {
      // The receiver's body means nothing to us, but it must be read to the end to free the connection; the
      // attempt is over only then, so a receiver that answers slowly counts against the timeout.
      response.resume();
      response.once('end', () => resolve(response));
      response.once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

function causeOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return `request failed: ${code ?? message ?? String(error)}`;
}

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  policy: WebhookUrlPolicy,
): Promise<AttemptAnswer> {
  const refused = urlRefusal(url, policy);
  if (refused) return { statusCode: null, retryAfter: null, durationMs: 0, error: refused };
  const started = performance.now();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    // No redirect is followed (node:http never does): a redirect is an answer of its own, a failed attempt, so a
    // signed body is never re-sent elsewhere.
    const response = await exchange(new URL(url), body, headers, abort.signal, agentsFor(policy));
    const statusCode = response.statusCode ?? 0;
    const ok = statusCode >= 200 && statusCode < 300;
    return {
      statusCode,
      retryAfter: headerValue(response.headers['retry-after']),
      durationMs: performance.now() - started,
      error: ok ? null : `receiver answered ${statusCode}`,
    };
  } catch (error) {
    return {
      statusCode: null,
      retryAfter: null,
      durationMs: performance.now() - started,
      error: abort.signal.aborted
        ? `no answer within ${timeoutMs}ms`
        : error instanceof RefusedAddressError
          ? `refused: ${error.message}`
          : causeOf(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
