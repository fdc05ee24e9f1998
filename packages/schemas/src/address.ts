/**
 * The address spellings, once for JSON Schemas (`pattern`) and for code (`isHexAddress`). Case is not checked:
 * checksums are @yv/config's `toChecksumAddress`, storage form is @yv/domain's `storedAddress`.
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

/** Whether `value` is an address on the svm network: base58, 32 to 44 characters. */
export function isSvmAddress(value: unknown): value is string {
  return typeof value === 'string' && SVM_ADDRESS_REGEX.test(value);
}
