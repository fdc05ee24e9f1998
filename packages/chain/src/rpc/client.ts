import { JsonPostError, transportOf, type RpcTransportOptions } from '../json-post';
import { classifyRpcError, RpcError } from './errors';
import { withRetry, type RetryOptions } from './retry';
import type { BlockHeader, LogFilter, RawLog, RpcRequest } from './types';

export type RpcClientOptions = RpcTransportOptions & {
  /** Retry policy for every call; `attempts: 1` turns retries off. */
  retry?: RetryOptions;
  /** Called once per failed HTTP round trip (before any retry), for metrics. */
  onError?: (error: RpcError) => void;
};

/**
 * JSON-RPC with batching over the shared JSON transport (`jsonPoster`). Not ethers' provider: it wraps every log in an
 * object for its ABI coder to decode (docs/performance.md#log-decoding-by-hand), while here an answer stays plain JSON
 * until the layout's decoder slices it, and a range's logs and headers go in one batch.
 */
export interface RpcClient {
  /** Sends the requests as one JSON-RPC batch; results in request order. Any error fails the whole batch. */
  batch<T = unknown>(requests: readonly RpcRequest[]): Promise<T[]>;
  call<T = unknown>(method: string, params: readonly unknown[]): Promise<T>;
  blockNumber(): Promise<bigint>;
  /**
   * The head, the chain id and the given blocks' headers (null where the node has none) in one round trip: a
   * follower's every step needs them all, and on a node that answers one request at a time each round trip of its
   * own is a wait for whatever the node is doing.
   */
  chainView(numbers: readonly bigint[]): Promise<ChainView>;
  /** Headers of the given blocks in one batch; null where the node has no such block (yet). */
  getBlocks(numbers: readonly bigint[]): Promise<(BlockHeader | null)[]>;
  /** The filter's logs and the given blocks' headers (none, if none are given) in one round trip. */
  getLogsAndBlocks(
    filter: LogFilter,
    numbers: readonly bigint[],
  ): Promise<{ logs: RawLog[]; blocks: (BlockHeader | null)[] }>;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface ChainView {
  readonly latest: bigint;
  readonly chainId: number;
  /** In the order asked. */
  readonly blocks: readonly (BlockHeader | null)[];
}

interface RpcResponse {
  id?: unknown;
  result?: unknown;
  error?: { code?: number; message?: string };
}

interface RawBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
}

export const toQuantity = (n: bigint): string => `0x${n.toString(16)}`;

const blockRequest = (n: bigint): RpcRequest => ({
  method: 'eth_getBlockByNumber',
  params: [toQuantity(n), false],
});

const logsRequest = (filter: LogFilter): RpcRequest => ({
  method: 'eth_getLogs',
  params: [
    {
      fromBlock: toQuantity(filter.fromBlock),
      toBlock: toQuantity(filter.toBlock),
      address: filter.address,
      topics: [filter.topic0],
    },
  ],
});

function toHeader(block: RawBlock | null): BlockHeader | null {
  if (!block) return null;
  return {
    number: BigInt(block.number),
    hash: block.hash.toLowerCase(),
    parentHash: block.parentHash.toLowerCase(),
    timestamp: BigInt(block.timestamp),
  };
}

/** A transport failure as an RpcError of its kind; HTTP 413 (an answer too large) is a range the node refused. */
function asRpcError(error: unknown, label: string): RpcError {
  if (!(error instanceof JsonPostError))
    return new RpcError('network', `${label}: ${(error as Error).message}`, { method: label, cause: error });
  if (error.kind !== 'http')
    return new RpcError(error.kind, `${label}: ${error.message}`, { method: label, cause: error });
  const { status, body } = error.details;
  return new RpcError(status === 413 ? 'range' : 'http', `${label}: HTTP ${status} ${body ?? ''}`, {
    method: label,
    status,
  });
}

export function createRpcClient(options: RpcClientOptions): RpcClient {
  const { poster, close } = transportOf(options);
  let nextId = 1;

  async function post(body: unknown, label: string): Promise<unknown> {
    let text: string;
    try {
      text = await poster.post(JSON.stringify(body));
    } catch (error) {
      throw asRpcError(error, label);
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new RpcError('response', `${label}: answer is not JSON`, { method: label, cause: error });
    }
  }

  async function sendOnce<T>(requests: readonly RpcRequest[]): Promise<T[]> {
    const firstId = nextId;
    nextId += requests.length;
    const payload = requests.map((r, i) => ({
      jsonrpc: '2.0',
      id: firstId + i,
      method: r.method,
      params: r.params,
    }));
    const label = requests.length === 1 ? requests[0]!.method : `batch of ${requests.length}`;
    const answer = await post(payload.length === 1 ? payload[0] : payload, label);
    const responses = (Array.isArray(answer) ? answer : [answer]) as RpcResponse[];
    const byId = new Map<unknown, RpcResponse>(responses.map((r) => [r?.id, r]));
    return requests.map((request, i) => {
      const response = byId.get(firstId + i);
      if (!response) throw new RpcError('response', `${request.method}: missing from the answer`, request);
      if (response.error)
        throw classifyRpcError(
          request.method,
          response.error.code ?? 0,
          response.error.message ?? 'unknown error',
        );
      return response.result as T;
    });
  }

  async function batch<T>(requests: readonly RpcRequest[]): Promise<T[]> {
    if (requests.length === 0) return [];
    return withRetry(async () => {
      try {
        return await sendOnce<T>(requests);
      } catch (error) {
        if (error instanceof RpcError) options.onError?.(error);
        throw error;
      }
    }, options.retry);
  }

  return {
    batch,
    call: async <T>(method: string, params: readonly unknown[]) => (await batch<T>([{ method, params }]))[0]!,
    blockNumber: async () => BigInt((await batch<string>([{ method: 'eth_blockNumber', params: [] }]))[0]!),
    chainView: async (numbers) => {
      const [latest, chainId, ...blocks] = await batch<string | RawBlock | null>([
        { method: 'eth_blockNumber', params: [] },
        { method: 'eth_chainId', params: [] },
        ...numbers.map(blockRequest),
      ]);
      return {
        latest: BigInt(latest as string),
        chainId: Number(BigInt(chainId as string)),
        blocks: (blocks as (RawBlock | null)[]).map(toHeader),
      };
    },
    getBlocks: async (numbers) => (await batch<RawBlock | null>(numbers.map(blockRequest))).map(toHeader),
    getLogsAndBlocks: async (filter, numbers) => {
      const [logs, ...blocks] = await batch<RawLog[] | RawBlock | null>([
        logsRequest(filter),
        ...numbers.map(blockRequest),
      ]);
      return { logs: logs as RawLog[], blocks: (blocks as (RawBlock | null)[]).map(toHeader) };
    },
    close,
  };
}
