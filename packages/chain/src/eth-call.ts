import { JsonRpcApiProvider, type Provider } from 'ethers';

export type BlockTag = number | bigint | string;

/** An eth_call's transaction: `from` is the account a simulation runs as. */
export interface CallRequest {
  readonly from?: string;
  readonly to: string;
  readonly data: string;
}

/**
 * eth_call straight through a JSON-RPC provider's `send`: `provider.call` copies and re-hexlifies the calldata and
 * checksums both addresses with keccak, which on the quote path costs more than the node takes to answer. A revert
 * still rejects with ethers' CALL_EXCEPTION carrying the revert data: `send` maps eth_call errors as `call` does.
 */
export function ethCall(provider: Provider, call: CallRequest, blockTag: BlockTag): Promise<string> {
  if (!(provider instanceof JsonRpcApiProvider)) return provider.call({ ...call, blockTag });
  const tag = typeof blockTag === 'string' ? blockTag : `0x${BigInt(blockTag).toString(16)}`;
  return provider.send('eth_call', [call, tag]) as Promise<string>;
}
