/** Addresses compare case-insensitively (the spec's convention): checksummed and lower-case forms are one address. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A 32-byte ABI word of an address argument. */
function addressWord(address: string): string {
  if (!ADDRESS.test(address)) throw new TypeError(`not a 20-byte hex address: ${address}`);
  return address.slice(2).toLowerCase().padStart(64, '0');
}

/** Calldata of `selector(address, ...)`, encoded by hand so the EIP-1193 path needs no ABI library. */
export function encodeAddressCall(selector: string, ...addresses: string[]): string {
  return selector + addresses.map(addressWord).join('');
}

/** The uint256 an eth_call answered (its first word). */
export function decodeUint256(data: string): bigint {
  const word = data.slice(2, 66);
  if (!/^[0-9a-fA-F]{64}$/.test(word)) throw new TypeError(`not a uint256 answer: ${data}`);
  return BigInt(`0x${word}`);
}

/** A JSON-RPC quantity (`0x`-prefixed, no leading zeros) of a decimal integer string or bigint. */
export function toQuantity(value: string | bigint): string {
  return `0x${BigInt(value).toString(16)}`;
}
