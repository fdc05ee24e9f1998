import { isHexAddress } from '@yv/schemas';

/** The one place addresses are normalized for storage and lookup: lowercase hex, so SQL compares with `=`. */
export function storedAddress(address: string): string {
  if (!isHexAddress(address)) throw new Error(`not a 20-byte hex address: ${address}`);
  return address.toLowerCase();
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
