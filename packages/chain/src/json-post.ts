import http from 'node:http';
import https from 'node:https';

/** Why a JSON POST failed: no answer in time, no connection, or an HTTP status outside 2xx. */
export class JsonPostError extends Error {
  override readonly name = 'JsonPostError';

  constructor(
    readonly kind: 'timeout' | 'network' | 'http',
    message: string,
    readonly details: { readonly status?: number; readonly body?: string; readonly cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
  }
}

export interface JsonPoster {
  /** Resolves with the answer's text; rejects with a JsonPostError. */
  post(body: string): Promise<string>;
  /** Closes the kept-alive connections. */
  close(): void;
}

/**
 * POSTs JSON bodies to one URL over kept-alive connections: the one HTTP transport of both JSON-RPC clients (ethers'
 * provider and the indexer's). Node's Buffer codes UTF-8 natively, where ethers' FetchRequest codes bodies in
 * JavaScript and fetch through web streams: on Multicall bodies, or eth_getLogs answers of megabytes, that was a
 * tenth of a busy process's CPU. Idle sockets do not keep a process alive (Node's agent unrefs them).
 */
export function jsonPoster(url: string, timeoutMs: number): JsonPoster {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true });
  const post = (body: string) =>
    new Promise<string>((resolve, reject) => {
      const payload = Buffer.from(body, 'utf8');
      const request = transport.request(target, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      });
      const timer = setTimeout(() => {
        reject(new JsonPostError('timeout', `no answer within ${timeoutMs} ms`));
        request.destroy();
      }, timeoutMs);
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
          reject(new JsonPostError('http', `HTTP ${status}`, { status, body: text.slice(0, 200) }));
        });
      });
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
}
