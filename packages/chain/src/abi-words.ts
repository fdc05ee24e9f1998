/**
 * ABI words on hex strings, for the hot read paths whose layout is fixed (Multicall3's aggregate3, positionsOf):
 * ethers' ABI coder copies the whole buffer on every nested read and checksums every address with keccak (figures:
 * docs/performance.md#abi-coding-by-hand).
 */
export const WORD_HEX = 64;

/** A non-negative integer as one ABI word (no 0x). */
export const word = (n: number | bigint): string => n.toString(16).padStart(WORD_HEX, '0');

/** A 20-byte address as its ABI word (no 0x); the caller's address is already checked to be 20 hex bytes. */
export function addressWord(address: string): string {
  return address.slice(2).toLowerCase().padStart(WORD_HEX, '0');
}

export class MalformedAnswer extends Error {
  constructor(what: string, detail: string) {
    super(`${what} answer is malformed: ${detail}`);
  }
}

/** The hex digits of a `0x` answer, refusing anything that is not whole bytes. */
export function answerHex(what: string, answer: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(answer)) throw new MalformedAnswer(what, 'not hex bytes');
  return answer.slice(2);
}

/** The word at byte offset `at` as a bigint. */
export function wordAt(what: string, hex: string, at: number): bigint {
  const start = at * 2;
  if (start + WORD_HEX > hex.length) throw new MalformedAnswer(what, `no word at byte ${at}`);
  return BigInt(`0x${hex.slice(start, start + WORD_HEX)}`);
}

/** The word at byte offset `at` as an offset or length, which must lie inside the answer. */
export function sizeAt(what: string, hex: string, at: number): number {
  const value = wordAt(what, hex, at);
  if (value > BigInt(hex.length)) throw new MalformedAnswer(what, `size ${value} at byte ${at}`);
  return Number(value);
}
