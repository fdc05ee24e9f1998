import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC proxy that can make its node look behind: while `holdAt(n)` is in force it answers as a replica whose
 * head is block n would (head n, no block, log, transaction or receipt above it, `latest` reads at n). Otherwise it
 * passes every call through. This is how a lagging or resyncing node looks to the services.
 */
export interface LaggingRpc {
  readonly url: string;
  holdAt(block: number): void;
  release(): void;
  close(): Promise<void>;
}

interface Call {
  id?: unknown;
  method: string;
  params?: unknown[];
}

const hex = (n: number) => `0x${n.toString(16)}`;
const above = (value: unknown, head: number) =>
  typeof value === 'string' && value.startsWith('0x') && Number(BigInt(value)) > head;

export async function startLaggingRpc(upstream: string): Promise<LaggingRpc> {
  let head: number | null = null;

  const forward = async (body: unknown): Promise<unknown> => {
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.json();
  };

  /** The call as the lagging node would see it: `latest` is its head, ranges end there. */
  const rewrite = (call: Call, at: number): Call => {
    const params = [...(call.params ?? [])];
    const last = params.length - 1;
    if (call.method === 'eth_getLogs' && typeof params[0] === 'object' && params[0] !== null) {
      const filter = { ...(params[0] as Record<string, unknown>) };
      if (filter.toBlock === undefined || filter.toBlock === 'latest' || above(filter.toBlock, at))
        filter.toBlock = hex(at);
      params[0] = filter;
    } else if (last >= 0 && params[last] === 'latest') params[last] = hex(at);
    else if (call.method === 'eth_getBlockByNumber' && params[0] === 'latest') params[0] = hex(at);
    return { ...call, params };
  };

  const answer = async (call: Call, at: number): Promise<unknown> => {
    if (call.method === 'eth_blockNumber') return { jsonrpc: '2.0', id: call.id, result: hex(at) };
    if (call.method === 'eth_getBlockByNumber' && above(call.params?.[0], at))
      return { jsonrpc: '2.0', id: call.id, result: null };
    if (call.method === 'eth_getLogs') {
      const from = (call.params?.[0] as { fromBlock?: unknown } | undefined)?.fromBlock;
      if (above(from, at)) return { jsonrpc: '2.0', id: call.id, result: [] };
    }
    const reply = (await forward(rewrite(call, at))) as { result?: { blockNumber?: unknown } | null };
    // A transaction or receipt mined above the head is one this node has not seen yet.
    if (
      ['eth_getTransactionReceipt', 'eth_getTransactionByHash'].includes(call.method) &&
      above(reply.result?.blockNumber, at)
    )
      return { ...reply, result: null };
    return reply;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[];
      const at = head;
      const reply =
        at === null
          ? forward(body)
          : Array.isArray(body)
            ? Promise.all(body.map((call) => answer(call, at)))
            : answer(body, at);
      reply.then(
        (json) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json)),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    holdAt: (block) => {
      head = block;
    },
    release: () => {
      head = null;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
