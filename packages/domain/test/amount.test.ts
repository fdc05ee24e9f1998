import { formatUnitsExact, parseRawAmount, toAmount } from '../src';

describe('formatUnitsExact', () => {
  it.each([
    [0n, 6, '0'],
    [1n, 6, '0.000001'],
    [1_500_000n, 6, '1.5'],
    [2_000_000n, 6, '2'],
    [123_456_789_012_345_678n, 6, '123456789012.345678'],
    [-5n, 6, '-0.000005'],
    [10n ** 30n + 1n, 12, '1000000000000000000.000000000001'],
    [42n, 0, '42'],
  ])('%s at %i decimals is %s', (raw, decimals, expected) => {
    expect(formatUnitsExact(raw, decimals)).toBe(expected);
  });

  it('keeps every digit where a float would not', () => {
    // 2^53 + 1 units: Number() would round this to ...992.
    expect(formatUnitsExact(9_007_199_254_740_993n, 6)).toBe('9007199254.740993');
  });

  it('refuses nonsense decimals', () => {
    expect(() => formatUnitsExact(1n, -1)).toThrow(RangeError);
    expect(() => formatUnitsExact(1n, 1.5)).toThrow(RangeError);
  });
});

it('toAmount carries raw, decimals and the exact rendering', () => {
  expect(toAmount(1_234_500n, 6)).toEqual({ raw: '1234500', decimals: 6, formatted: '1.2345' });
});

it('parseRawAmount accepts integer strings within uint256 only', () => {
  expect(parseRawAmount('0')).toBe(0n);
  expect(parseRawAmount(((1n << 256n) - 1n).toString())).toBe((1n << 256n) - 1n);
  expect(parseRawAmount((1n << 256n).toString())).toBeNull();
  expect(parseRawAmount('01')).toBeNull();
  expect(parseRawAmount('1.5')).toBeNull();
  expect(parseRawAmount('-1')).toBeNull();
});
