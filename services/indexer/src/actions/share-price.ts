import { decodeSharePrice, sharePriceCall, type RpcClient } from '@yv/chain';

/** The vault's share price at a block: what a pending redemption in a webhook is valued at. */
export function sharePriceReader(rpc: RpcClient, core: string): (block: bigint) => Promise<bigint> {
  return async (block) =>
    decodeSharePrice(await rpc.call<string>('eth_call', [sharePriceCall(core), `0x${block.toString(16)}`]));
}
