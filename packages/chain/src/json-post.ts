import http from 'node:http';
import https from 'node:https';
import { parseRetryAfter } from '@yv/domain';
import { sleep } from '@yv/runtime';

/** Why a JSON POST failed: no answer in time, no connection, or an HTTP status outside 2xx. */
export class JsonPostError extends Error {
  override readonly name = 'JsonPostError';

  constructor(
    readonly kind: 'timeout' | 'network' | 'http',
    message: string,
    readonly details: {
      readonly status?: number;
      readonly body?: string;
      readonly cause?: unknown;
      /** `Retry-After` of a 429, in ms. */
      readonly retryAfterMs?: number;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }
}

export interface JsonPoster {
  /** Resolves with the answer's text; rejects with a JsonPostError. `withinMs` shortens the poster's timeout. */
  post(body: string, withinMs?: number): Promise<string>;
  /** Closes the kept-alive connections. */
  close(): void;
}

/**
 * POSTs JSON bodies to one URL over kept-alive connections: the one HTTP transport of both JSON-RPC clients (ethers'
 * provider and the indexer's). Node's Buffer codes UTF-8 natively, where ethers' FetchRequest codes bodies in
 * JavaScript and reads through web streams, which on Multicall bodies and eth_getLogs answers of megabytes costs a
 * busy process (docs/performance.md#jsonposter). Idle sockets do not keep a process alive (Node's agent unrefs them).
 */
export interface JsonPosterOptions {
  /**
   * Whether a 429 is asked again after its `Retry-After` when that fits in the timeout (the default), or fails at
   * once (an endpoint set asks its next endpoint instead).
   */
  waitOnRateLimit?: boolean;
}

export function jsonPoster(url: string, timeoutMs: number, options: JsonPosterOptions = {}): JsonPoster {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true });
  const postOnce = (body: string, withinMs: number, budgetMs: number) =>
    new Promise<string>((resolve, reject) => {
      const payload = Buffer.from(body, 'utf8');
      const request = transport.request(target, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      });
      const timer = setTimeout(() => {
        reject(new JsonPostError('timeout', `no answer within ${budgetMs} ms`));
        request.destroy();
      }, withinMs);
      // The socket's own text names the node's address: it stays in `cause`, out of messages a partner may see.
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(new JsonPostError('network', 'the connection to the node failed', { cause: error }));
      };
      request.on('error', fail);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve(text);
          const retryAfterMs =
            status === 429 ? parseRetryAfter(response.headers['retry-after'], new Date()) : undefined;
          reject(
            new JsonPostError('http', `HTTP ${status}`, {
              status,
              body: text.slice(0, 200),
              ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
            }),
          );
        });
      });
      request.end(payload);
    });
  /**
   * A provider that rate-limits (429) is asked again after its `Retry-After`, or a short pause without one, as long
   * as the answer can still come within the request's own timeout: a share of requests refused for a second must
   * not fail the reads they carry.
   */
  const post = async (body: string, withinMs = timeoutMs): Promise<string> => {
    const budgetMs = Math.min(timeoutMs, withinMs);
    const deadline = Date.now() + budgetMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await postOnce(body, Math.max(1, deadline - Date.now()), budgetMs);
      } catch (error) {
        const waitMs = options.waitOnRateLimit === false ? null : rateLimitedWaitMs(error, attempt);
        if (waitMs === null || Date.now() + waitMs >= deadline) throw error;
        await sleep(waitMs);
      }
    }
  };
  return { post, close: () => agent.destroy() };
}

/** The first pause after a 429 without `Retry-After`; each later one doubles. */
const RATE_LIMITED_PAUSE_MS = 100;

function rateLimitedWaitMs(error: unknown, attempt: number): number | null {
  if (!(error instanceof JsonPostError) || error.details.status !== 429) return null;
  return error.details.retryAfterMs ?? RATE_LIMITED_PAUSE_MS * 2 ** attempt;
}

/**
 * Where JSON-RPC goes: one node's URL with its timeout (ethers' own default is five minutes, far too long for a read
 * path), or a service's endpoint set (RPC_URLS), which carries its own.
 */
export type RpcTransportOptions = { rpcUrl: string; timeoutMs: number } | { transport: JsonPoster };

/** The poster, and how its user closes it: a transport passed in is the service's to close, not the client's. */
export function transportOf(options: RpcTransportOptions): { poster: JsonPoster; close(): void } {
  if ('transport' in options) return { poster: options.transport, close: () => undefined };
  const poster = jsonPoster(options.rpcUrl, options.timeoutMs);
  return { poster, close: () => poster.close() };
}
