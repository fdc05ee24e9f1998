import { getAddress } from 'ethers';

/** A 20-byte account or contract address in EIP-55 checksum form. */
export type Address = `0x${string}`;

/**
 * Normalizes any-case hex to EIP-55 checksum form, so addresses compare with `===` everywhere.
 * @throws Error if the value is not 20 bytes of hex, or is mixed-case with a wrong checksum.
 */
export function toChecksumAddress(value: string): Address {
  // getAddress always returns 0x-prefixed hex, which is exactly what Address describes.
  return getAddress(value) as Address;
}
