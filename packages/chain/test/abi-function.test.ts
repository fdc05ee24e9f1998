import { getAddress, hexlify, Interface, randomBytes, Result, type ParamType } from 'ethers';
import { artifact, type ContractName } from '@yv/contracts';
import { functionCodec } from '../src/abi-function';
import { VAULT_CONTRACTS } from '../src/revert';

/** The word-by-word codec against ethers' ABI coder, over every function of every contract we call. */
const CONTRACTS: ContractName[] = [...VAULT_CONTRACTS, 'Multicall3'];
const interfaces = CONTRACTS.map((name) => new Interface(artifact(name).abi as never));
const functions = interfaces.flatMap((iface) => {
  const fragments: {
    iface: Interface;
    signature: string;
    inputs: readonly ParamType[];
    outputs: readonly ParamType[];
  }[] = [];
  iface.forEachFunction((f) =>
    fragments.push({ iface, signature: f.format(), inputs: f.inputs, outputs: f.outputs }),
  );
  return fragments;
});

const randomBigint = (bits: number): bigint => {
  const r = BigInt(hexlify(randomBytes(bits / 8)));
  // The extremes as often as the middle: 0, the largest, and anything between.
  return [0n, (1n << BigInt(bits)) - 1n, r][Math.floor(Math.random() * 3)]!;
};

/** A canonical JS value of the parameter's type, or undefined for a type the fast path leaves to ethers. */
function sample(param: ParamType): unknown {
  if (param.baseType === 'tuple') return param.components!.map(sample);
  if (param.type === 'address') {
    const lower = hexlify(randomBytes(20));
    return Math.random() < 0.5 ? lower : getAddress(lower);
  }
  if (param.type === 'bool') return Math.random() < 0.5;
  const uint = /^uint(\d+)$/.exec(param.type);
  if (uint) return randomBigint(Number(uint[1]));
  const int = /^int(\d+)$/.exec(param.type);
  if (int) return BigInt.asIntN(Number(int[1]), randomBigint(Number(int[1])));
  const bytes = /^bytes(\d+)$/.exec(param.type);
  if (bytes) return hexlify(randomBytes(Number(bytes[1])));
  return undefined;
}

const isWord = (p: ParamType): boolean =>
  p.baseType === 'tuple' ? p.components!.every(isWord) : /^(u?int\d+|address|bool|bytes\d+)$/.test(p.type);

/** A Result as nested arrays plus its named entries, so key order and names are compared too. */
function plain(value: unknown): unknown {
  if (!(value instanceof Result)) return value;
  const named: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (!/^\d+$/.test(key)) named[key] = plain((value as never)[key]);
  return { items: Array.from(value, plain), named };
}

const first = (result: Result): unknown => result[0];

describe('functionCodec', () => {
  const wordFunctions = functions.filter((f) => f.inputs.every(isWord));
  const wordResults = functions.filter((f) => f.outputs.length > 0 && f.outputs.every(isWord));

  it('covers the functions the quote and the builders call', () => {
    expect(wordFunctions.map((f) => f.signature)).toEqual(
      expect.arrayContaining([
        'approve(address,uint256)',
        'deposit(uint256,address,uint256)',
        'checkDeposit(address,uint256)',
        'requestRedeem(uint256,address)',
      ]),
    );
    expect(wordResults.length).toBeGreaterThan(20);
  });

  it('encodes calldata byte for byte as ethers does', () => {
    for (let round = 0; round < 20; round++)
      for (const f of functions) {
        const args = f.inputs.map(sample);
        if (args.some((a) => a === undefined)) continue;
        expect(functionCodec(f.iface, f.signature).encode(args)).toBe(
          f.iface.encodeFunctionData(f.signature, args),
        );
      }
  });

  it('decodes answers as ethers does, names included', () => {
    for (let round = 0; round < 20; round++)
      for (const f of wordResults) {
        const data = f.iface.encodeFunctionResult(f.signature, f.outputs.map(sample));
        // Answers longer than the outputs (a proxy, a newer contract) decode the same way too.
        for (const answer of [data, `${data}${'ab'.repeat(32)}`])
          expect(plain(functionCodec(f.iface, f.signature).decode(answer))).toEqual(
            plain(f.iface.decodeFunctionResult(f.signature, answer)),
          );
      }
  });

  it('leaves other argument types to ethers, which encodes or refuses them as before', () => {
    const erc20 = interfaces[CONTRACTS.indexOf('MockUSDC')]!;
    const approve = functionCodec(erc20, 'approve');
    const spender = getAddress(hexlify(randomBytes(20)));
    expect(approve.encode([spender, 5])).toBe(erc20.encodeFunctionData('approve', [spender, 5]));
    expect(approve.encode([spender, '7'])).toBe(erc20.encodeFunctionData('approve', [spender, '7']));
    const badChecksum = spender.slice(0, -1) + (spender.at(-1) === 'a' ? 'B' : 'a');
    for (const args of [
      [badChecksum, 1n],
      [spender, -1n],
      [spender, 1n << 256n],
      ['0x1234', 1n],
      [spender],
    ]) {
      expect(() => erc20.encodeFunctionData('approve', args)).toThrow();
      expect(() => approve.encode(args)).toThrow();
    }
  });

  it('refuses the answers ethers refuses', () => {
    const erc20 = interfaces[CONTRACTS.indexOf('MockUSDC')]!;
    const dirtyAddress = `0x${'ff'.repeat(32)}`;
    const owner = functionCodec(interfaces[CONTRACTS.indexOf('Core')]!, 'owner');
    for (const answer of ['0x', '0x1234', `0x${'00'.repeat(31)}`]) {
      expect(() => functionCodec(erc20, 'balanceOf').decode(answer)).toThrow();
      expect(() => erc20.decodeFunctionResult('balanceOf', answer)).toThrow();
    }
    // ethers answers a Result whose dirty value throws when read; so does the codec.
    expect(() => first(owner.decode(dirtyAddress))).toThrow(/deferred error/);
  });
});
