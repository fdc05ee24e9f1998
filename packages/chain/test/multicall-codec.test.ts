import { hexlify, randomBytes } from 'ethers';
import { Multicall3__factory } from '@yv/contracts';
import { addressWord } from '../src/abi-words';
import { decodeAggregate3, encodeAggregate3 } from '../src/multicall-codec';

/** The hand-written codec against ethers' ABI coder, which the contracts' own ABI drives. */
const multicall = Multicall3__factory.createInterface();
const address = () => hexlify(randomBytes(20));
// Calldata and answers of every length around word boundaries: empty, short, exact words, and a tail.
const LENGTHS = [0, 1, 4, 31, 32, 33, 36, 68, 100, 257];

describe('the aggregate3 codec', () => {
  it('encodes calldata byte for byte as ethers does', () => {
    for (const allowFailure of [false, true]) {
      const calls = LENGTHS.map((n) => ({ target: address(), callData: hexlify(randomBytes(n)) }));
      expect(encodeAggregate3(calls, allowFailure)).toBe(
        multicall.encodeFunctionData('aggregate3', [calls.map((c) => ({ ...c, allowFailure }))]),
      );
    }
    expect(encodeAggregate3([], false)).toBe(multicall.encodeFunctionData('aggregate3', [[]]));
    // A call's own allowFailure wins over the batch's.
    const mixed = LENGTHS.map((n, i) => ({
      target: address(),
      callData: hexlify(randomBytes(n)),
      ...(i % 3 === 0 ? {} : { allowFailure: i % 3 === 1 }),
    }));
    expect(encodeAggregate3(mixed, false)).toBe(
      multicall.encodeFunctionData('aggregate3', [
        mixed.map((c) => ({ target: c.target, callData: c.callData, allowFailure: c.allowFailure ?? false })),
      ]),
    );
  });

  it('decodes what ethers encodes as the answer', () => {
    const results = LENGTHS.map((n, i) => ({ success: i % 3 !== 0, returnData: hexlify(randomBytes(n)) }));
    const answer = multicall.encodeFunctionResult('aggregate3', [results]);
    expect(decodeAggregate3(answer)).toEqual(results);
    expect(decodeAggregate3(multicall.encodeFunctionResult('aggregate3', [[]]))).toEqual([]);
  });

  it('refuses answers that are not the ABI of a result array', () => {
    const answer = multicall.encodeFunctionResult('aggregate3', [[{ success: true, returnData: '0x1234' }]]);
    for (const bad of [
      '0x',
      'not hex',
      '0x123',
      answer.slice(0, answer.length - 64),
      `0x${'f'.repeat(64)}`,
    ]) {
      expect(() => decodeAggregate3(bad)).toThrow(/multicall answer is malformed/);
    }
  });

  it('writes an address as its lowercase word', () => {
    expect(addressWord('0x00000000000000000000000000000000000000Ab')).toBe(`${'0'.repeat(62)}ab`);
  });
});
