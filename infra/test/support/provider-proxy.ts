import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC proxy in front of the devnet that answers as a hosted provider does (the providers suite): range and
 * result caps with the providers' own error texts, 429s, round-robin backends whose heads differ, a fresh block's
 * logs missing on the first ask, truncated and oversized answers, stalls. Each behaviour is off until set.
 */
export interface ProviderBehaviour {
  /** eth_getLogs over more blocks than `maxBlocks` is refused with this provider's error. */
  rangeCap?: { maxBlocks: number; error: (from: number, to: number) => RpcErrorObject };
  /** An eth_getLogs answer of more logs than `maxLogs` is replaced by this provider's error. */
  resultCap?: { maxLogs: number; error: (from: number, to: number) => RpcErrorObject };
  /** Every `every`-th HTTP request is answered 429, with `Retry-After: 1` or without. */
  rateLimit?: { every: number; retryAfter: boolean };
  /** Every other HTTP request is answered by a backend this many blocks behind (1 to `maxLag`, changing). */
  splitHeads?: { maxLag: number };
  /** The logs of the two newest blocks are left out of an eth_getLogs answer the first time its range is asked. */
  freshLogsMissing?: boolean;
  /** Every `every`-th answer is cut off half way. */
  truncateEvery?: number;
  /** An answer longer than this many bytes is refused with HTTP 413. */
  oversizeBytes?: number;
  /** Every `every`-th HTTP request is held `ms` before it is forwarded. */
  stall?: { every: number; ms: number };
}

export interface RpcErrorObject {
  code: number;
  message: string;
}

export interface ProviderProxy {
  readonly url: string;
  /** HTTP requests and how many of them each behaviour touched. */
  counts: Record<string, number>;
  close(): Promise<void>;
}

interface Call {
  id?: unknown;
  method: string;
  params?: unknown[];
}

interface Answer {
  id?: unknown;
  result?: unknown;
  error?: RpcErrorObject;
}

const num = (value: unknown) => Number(BigInt(String(value)));
const hex = (n: number) => `0x${n.toString(16)}`;

export async function startProviderProxy(
  upstream: string,
  behaviour: ProviderBehaviour,
): Promise<ProviderProxy> {
  const counts: Record<string, number> = {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
  const asked = new Set<string>();
  let requests = 0;

  const forward = async (calls: Call[]): Promise<Answer[]> => {
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls),
    });
    return (await res.json()) as Answer[];
  };

  /** The answers of a backend `lag` blocks behind: its head lower, nothing above it. */
  const behind = (calls: Call[], answers: Answer[], head: number): void => {
    calls.forEach((call, i) => {
      const answer = answers[i]!;
      if (call.method === 'eth_blockNumber') answer.result = hex(head);
      if (
        call.method === 'eth_getBlockByNumber' &&
        call.params?.[0] !== 'latest' &&
        num(call.params?.[0]) > head
      )
        answer.result = null;
      if (call.method === 'eth_getLogs' && Array.isArray(answer.result))
        answer.result = (answer.result as { blockNumber: string }[]).filter(
          (log) => num(log.blockNumber) <= head,
        );
    });
  };

  const handle = async (calls: Call[], index: number): Promise<Answer[] | null> => {
    const answers: Answer[] = new Array(calls.length);
    const sent: Call[] = [];
    const at: number[] = [];
    calls.forEach((call, i) => {
      const filter =
        call.method === 'eth_getLogs' ? (call.params?.[0] as { fromBlock: string; toBlock: string }) : null;
      const cap = behaviour.rangeCap;
      if (filter && cap && num(filter.toBlock) - num(filter.fromBlock) + 1 > cap.maxBlocks) {
        count('range capped');
        answers[i] = { id: call.id, error: cap.error(num(filter.fromBlock), num(filter.toBlock)) };
        return;
      }
      sent.push(call);
      at.push(i);
    });
    const forwarded = sent.length > 0 ? await forward(sent) : [];
    const byId = new Map(forwarded.map((answer) => [answer.id, answer]));
    sent.forEach(
      (call, k) =>
        (answers[at[k]!] = byId.get(call.id) ?? { id: call.id, error: { code: -32603, message: 'lost' } }),
    );
    const head = Math.max(
      ...forwarded.filter((_, k) => sent[k]!.method === 'eth_blockNumber').map((a) => num(a.result)),
      -1,
    );
    if (behaviour.splitHeads && index % 2 === 1) {
      const lag = 1 + (index % behaviour.splitHeads.maxLag);
      const realHead =
        head >= 0 ? head : num((await forward([{ id: 0, method: 'eth_blockNumber' }]))[0]!.result);
      count('behind');
      behind(calls, answers, realHead - lag);
    }
    for (const [i, call] of calls.entries()) {
      const answer = answers[i]!;
      if (call.method !== 'eth_getLogs' || !Array.isArray(answer.result)) continue;
      const filter = call.params?.[0] as { fromBlock: string; toBlock: string };
      const logs = answer.result as { blockNumber: string }[];
      const cap = behaviour.resultCap;
      if (cap && logs.length > cap.maxLogs) {
        count('results capped');
        answers[i] = { id: call.id, error: cap.error(num(filter.fromBlock), num(filter.toBlock)) };
        continue;
      }
      const range = `${filter.fromBlock}-${filter.toBlock}`;
      if (behaviour.freshLogsMissing && !asked.has(range)) {
        asked.add(range);
        const latest = num((await forward([{ id: 0, method: 'eth_blockNumber' }]))[0]!.result);
        const kept = logs.filter((log) => num(log.blockNumber) < latest - 1);
        if (kept.length < logs.length) count('fresh logs left out');
        answer.result = kept;
      }
    }
    return answers;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = ++requests;
      count('http requests');
      void (async () => {
        const rate = behaviour.rateLimit;
        if (rate && index % rate.every === 0) {
          count('429');
          res.writeHead(
            429,
            rate.retryAfter ? { 'retry-after': '1', 'content-type': 'application/json' } : {},
          );
          return res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"Too Many Requests"}}');
        }
        if (behaviour.stall && index % behaviour.stall.every === 0) {
          count('stalled');
          await new Promise((resolve) => setTimeout(resolve, behaviour.stall!.ms));
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[];
        const calls = [body].flat();
        const answers = await handle(calls, index);
        let text = JSON.stringify(Array.isArray(body) ? answers : answers![0]);
        if (behaviour.oversizeBytes && text.length > behaviour.oversizeBytes) {
          count('413');
          res.writeHead(413, { 'content-type': 'text/plain' });
          return res.end('request entity too large');
        }
        if (behaviour.truncateEvery && index % behaviour.truncateEvery === 0) {
          count('truncated');
          text = text.slice(0, Math.floor(text.length / 2));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(text);
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
