import { Interface } from 'ethers';
import { artifact } from '@yv/contracts';

const core = new Interface(artifact('Core').abi as never);
const WORD_HEX = 66;

/** Core.sharePrice(): the assets of one whole share, what a pending redemption is valued at. */
export function sharePriceCall(coreAddress: string): { to: string; data: string } {
  return { to: coreAddress, data: core.encodeFunctionData('sharePrice') };
}

export function decodeSharePrice(returnData: string): bigint {
  return BigInt(returnData.slice(0, WORD_HEX));
}
