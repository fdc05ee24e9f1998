/**
 * Multicall3.aggregate3's calldata and answer on hex strings (see abi-words for why); checked byte for byte
 * against ethers' own encoding in the tests.
 */
import { addressWord, answerHex, MalformedAnswer, sizeAt, word } from './abi-words';

/** A call already encoded: for readers that slice the answer words themselves. */
export interface RawCall {
  readonly target: string;
  readonly callData: string;
  /** A revert is this call's answer, not the batch's failure (a rule check whose revert says which rule). */
  readonly allowFailure?: boolean;
}

/** aggregate3((address,bool,bytes)[]) */
export const AGGREGATE3_SELECTOR = '0x82ad56cb';
const WHAT = 'multicall';

export interface Aggregate3Result {
  success: boolean;
  returnData: string;
}

function bytesTail(hex: string): string {
  const body = hex.slice(2);
  const padded = body.padEnd(Math.ceil(body.length / 64) * 64, '0');
  return word(body.length / 2) + padded;
}

/** `allowFailure` applies to every call that does not set its own. */
export function encodeAggregate3(calls: readonly RawCall[], allowFailure: boolean): string {
  const flag = (c: RawCall) => word((c.allowFailure ?? allowFailure) ? 1 : 0);
  // Each Call3 is a dynamic tuple: target, allowFailure, the offset of its bytes (3 words in), then the bytes.
  const tuples = calls.map((c) => addressWord(c.target) + flag(c) + word(3 * 32) + bytesTail(c.callData));
  const offsets: string[] = [];
  let at = calls.length * 32;
  for (const tuple of tuples) {
    offsets.push(word(at));
    at += tuple.length / 2;
  }
  return `${AGGREGATE3_SELECTOR}${word(32)}${word(calls.length)}${offsets.join('')}${tuples.join('')}`;
}

export function decodeAggregate3(answer: string): Aggregate3Result[] {
  const hex = answerHex(WHAT, answer);
  const array = sizeAt(WHAT, hex, 0);
  const count = sizeAt(WHAT, hex, array);
  const base = array + 32;
  const results: Aggregate3Result[] = [];
  for (let i = 0; i < count; i++) {
    const tuple = base + sizeAt(WHAT, hex, base + i * 32);
    const success = sizeAt(WHAT, hex, tuple) === 1;
    const bytesAt = tuple + sizeAt(WHAT, hex, tuple + 32);
    const length = sizeAt(WHAT, hex, bytesAt);
    const start = (bytesAt + 32) * 2;
    if (start + length * 2 > hex.length) throw new MalformedAnswer(WHAT, `bytes ${i} run past the end`);
    results.push({ success, returnData: `0x${hex.slice(start, start + length * 2)}` });
  }
  return results;
}
