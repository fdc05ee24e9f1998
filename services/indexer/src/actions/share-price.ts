import { decodeUintResult, type ContractCall, type RpcClient } from '@yv/chain';

/** The vault's share price at a block: what a pending redemption in a webhook is valued at. */
export function sharePriceReader(
  rpc: RpcClient,
  sharePrice: ContractCall,
): (block: bigint) => Promise<bigint> {
  return async (block) =>
    decodeUintResult(await rpc.call<string>('eth_call', [sharePrice, `0x${block.toString(16)}`]));
}
