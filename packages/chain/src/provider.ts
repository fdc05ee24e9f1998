import { JsonRpcProvider, makeError, Network, type JsonRpcPayload, type JsonRpcResult } from 'ethers';
import { JsonPostError, transportOf, type JsonPoster, type RpcTransportOptions } from './json-post';

export type ChainProviderOptions = RpcTransportOptions & {
  chainId: number;
  /**
   * Calls made within this window travel as one JSON-RPC batch (0: each alone). A node spends far more on each
   * HTTP request than on each call inside one (docs/performance.md#rpc_batch_window_ms), so a busy gateway's
   * concurrent quotes and simulations cost the node a fraction batched; each call keeps its own block tag.
   */
  batchWindowMs?: number;
};

/** A transport failure as ethers' FetchRequest raised it (TIMEOUT, SERVER_ERROR), so callers see ethers' codes. */
function asEthersError(error: unknown) {
  if (!(error instanceof JsonPostError)) return error;
  // No info objects: ethers prints their fields into the message, and the socket error's name the node's address.
  if (error.kind === 'timeout') return makeError(`request ${error.message}`, 'TIMEOUT');
  if (error.kind === 'http') return makeError(`server response ${error.details.status}`, 'SERVER_ERROR');
  return makeError(`request failed: ${error.message}`, 'SERVER_ERROR');
}

/** ethers' JSON-RPC provider over jsonPoster: ethers still batches, decodes answers and raises call errors. */
class NodeHttpJsonRpcProvider extends JsonRpcProvider {
  constructor(
    private readonly transport: { poster: JsonPoster; close(): void },
    network: Network,
    options: ConstructorParameters<typeof JsonRpcProvider>[2],
  ) {
    super(undefined, network, options);
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const text = await this.transport.poster.post(JSON.stringify(payload)).catch((error: unknown) => {
      throw asEthersError(error);
    });
    const answer = JSON.parse(text) as JsonRpcResult | JsonRpcResult[];
    return Array.isArray(answer) ? answer : [answer];
  }

  override destroy(): void {
    super.destroy();
    this.transport.close();
  }
}

/**
 * The one way services talk JSON-RPC through ethers: a static network (no chain-id probing that retries forever
 * while the RPC is down), batching only when asked for, and no 250 ms call cache (it hands back-to-back
 * transactions the same nonce and serves reads pinned to one block twice).
 */
export function createChainProvider(opts: ChainProviderOptions): JsonRpcProvider {
  const network = Network.from(opts.chainId);
  return new NodeHttpJsonRpcProvider(transportOf(opts), network, {
    staticNetwork: network,
    ...(opts.batchWindowMs
      ? { batchStallTime: opts.batchWindowMs, batchMaxCount: 100 }
      : { batchMaxCount: 1 }),
    cacheTimeout: -1,
  });
}
