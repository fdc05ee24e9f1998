import { FetchRequest, JsonRpcProvider, Network } from 'ethers';

export interface ChainProviderOptions {
  rpcUrl: string;
  chainId: number;
  /** Per-request timeout; ethers' own default is five minutes, far too long for a read path. */
  timeoutMs: number;
}

/**
 * The one way services talk JSON-RPC through ethers: a static network (no chain-id probing that retries forever
 * while the RPC is down), no batching delay, and no 250 ms call cache (it hands back-to-back transactions the same
 * nonce and serves reads pinned to one block twice).
 */
export function createChainProvider(opts: ChainProviderOptions): JsonRpcProvider {
  const request = new FetchRequest(opts.rpcUrl);
  request.timeout = opts.timeoutMs;
  const network = Network.from(opts.chainId);
  return new JsonRpcProvider(request, network, {
    staticNetwork: network,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
}
