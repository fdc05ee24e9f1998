import { JsonRpcApiProvider, type Provider } from 'ethers';

export type BlockTag = number | bigint | string;

/**
 * eth_call straight through a JSON-RPC provider's `send`: `provider.call` copies and re-hexlifies the calldata,
 * which for a batch read of many wallets costs more than the node takes to answer it.
 */
export function ethCall(provider: Provider, to: string, data: string, blockTag: BlockTag): Promise<string> {
  if (!(provider instanceof JsonRpcApiProvider)) return provider.call({ to, data, blockTag });
  const tag = typeof blockTag === 'string' ? blockTag : `0x${BigInt(blockTag).toString(16)}`;
  return provider.send('eth_call', [{ to, data }, tag]) as Promise<string>;
}
