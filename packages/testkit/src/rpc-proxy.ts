import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP JSON-RPC proxy in front of the devnet node that counts the calls passing through, by method (each
 * element of a batch is one call), and can hold every request for `delayMs` to stand in for a distant node.
 * Benchmarks use it to print how many node calls a request costs and how a slow node shows in latency.
 */
export interface RpcProxy {
  readonly url: string;
  /** Added before each HTTP request is forwarded (a batch is one HTTP request, as over a real network). */
  delayMs: number;
  /**
   * Every this-many-th HTTP request is answered 429 with `Retry-After: 1` and a provider's JSON-RPC error body
   * instead of being forwarded, as a rate-limiting provider does (0: never). Counted as `refused (429)`.
   */
  refuseEvery: number;
  /** Blocks taken off every `eth_blockNumber` answer: a node this far behind its peers (0: none). */
  headLag: number;
  /** Calls by JSON-RPC method since the last reset, and `http requests`: how many HTTP requests carried them. */
  counts(): Record<string, number>;
  reset(): void;
  close(): Promise<void>;
}

function methodsOf(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { method?: unknown } | { method?: unknown }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => String(call.method));
  } catch {
    return ['(unparsable)'];
  }
}

/** The answer with `lag` taken off the result of every eth_blockNumber call the request made. */
function lagged(answer: string, request: string, lag: number): string {
  try {
    const calls = [JSON.parse(request)].flat() as { id: unknown; method: string }[];
    const heads = new Set(calls.filter((c) => c.method === 'eth_blockNumber').map((c) => c.id));
    const parsed = JSON.parse(answer) as
      { id: unknown; result?: unknown } | { id: unknown; result?: unknown }[];
    for (const one of [parsed].flat())
      if (heads.has(one.id) && typeof one.result === 'string')
        one.result = `0x${(BigInt(one.result) - BigInt(lag)).toString(16)}`;
    return JSON.stringify(parsed);
  } catch {
    return answer;
  }
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const upstream = new URL(target);
  let counts: Record<string, number> = {};
  const proxy = {
    delayMs: 0,
    refuseEvery: 0,
    headLag: 0,
    counts: () => ({ ...counts }),
    reset: () => {
      counts = {};
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      counts['http requests'] = (counts['http requests'] ?? 0) + 1;
      for (const method of methodsOf(body.toString('utf8'))) counts[method] = (counts[method] ?? 0) + 1;
      if (proxy.refuseEvery > 0 && counts['http requests'] % proxy.refuseEvery === 0) {
        counts['refused (429)'] = (counts['refused (429)'] ?? 0) + 1;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          '{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"Too Many Requests: rate limit exceeded"}}',
        );
        return;
      }
      const forward = () => {
        const out = httpRequest(
          {
            host: upstream.hostname,
            port: upstream.port,
            path: upstream.pathname,
            method: req.method,
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (answer) => {
            if (proxy.headLag === 0) {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
              return;
            }
            const parts: Buffer[] = [];
            answer.on('data', (part: Buffer) => parts.push(part));
            answer.on('end', () => {
              const text = lagged(
                Buffer.concat(parts).toString('utf8'),
                body.toString('utf8'),
                proxy.headLag,
              );
              res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
              res.end(text);
            });
          },
        );
        out.on('error', () => res.destroy());
        out.end(body);
      };
      if (proxy.delayMs > 0) setTimeout(forward, proxy.delayMs);
      else forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
