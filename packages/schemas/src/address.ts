import { getAddress } from 'ethers';

/**
 * The address spellings, once for JSON Schemas (`pattern`, `format`) and for code (`isHexAddress`, `isEvmAddress`).
 * Checksumming is @yv/config's `toChecksumAddress`, storage form is @yv/domain's `storedAddress`.
 */

const HEX_ADDRESS = '0x[a-fA-F0-9]{40}';
const BASE58_ADDRESS = '[1-9A-HJ-NP-Za-km-z]{32,44}';

/** A 20-byte EVM address in hex, either case. */
export const ADDRESS_PATTERN = `^${HEX_ADDRESS}$`;

/** An address on any funding or withdrawal network: EVM hex, or base58 on the svm network. */
export const CHAIN_ADDRESS_PATTERN = `^(${HEX_ADDRESS}|${BASE58_ADDRESS})$`;

const HEX_ADDRESS_REGEX = new RegExp(ADDRESS_PATTERN);
const SVM_ADDRESS_REGEX = new RegExp(`^${BASE58_ADDRESS}$`);

/** Whether `value` is a string matching ADDRESS_PATTERN. */
export function isHexAddress(value: unknown): value is string {
  return typeof value === 'string' && HEX_ADDRESS_REGEX.test(value);
}

/** The JSON Schema `format` of an EVM address a request carries, checked by `isEvmAddress`. */
export const EVM_ADDRESS_FORMAT = 'evm-address';

/** How a hex address with a wrong checksum is refused, in bodies and in path or query parameters alike. */
export const ADDRESS_CASE_RULE =
  'has a wrong EIP-55 checksum: send the address all lower-case, all upper-case, or with a valid checksum';

/**
 * Whether `value` is an EVM address a request may carry: hex in one case, or mixed case with a valid EIP-55
 * checksum. A mixed-case address whose checksum is wrong was most likely mistyped, so it is refused, never used.
 */
export function isEvmAddress(value: unknown): value is string {
  if (!isHexAddress(value)) return false;
  const digits = value.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  try {
    getAddress(value);
    return true;
  } catch {
    return false;
  }
}

/** Whether `value` is an address on the svm network: base58, 32 to 44 characters. */
export function isSvmAddress(value: unknown): value is string {
  return typeof value === 'string' && SVM_ADDRESS_REGEX.test(value);
}
