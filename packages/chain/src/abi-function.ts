import { AbiCoder, getAddress, Result, type Interface, type ParamType } from 'ethers';
import { addressWord, WORD_HEX, word } from './abi-words';

/**
 * One contract function's calldata encoder and result decoder, built once per (interface, name). ethers'
 * encodeFunctionData and decodeFunctionResult look the function up, hash its signature for the selector and build
 * the coders on every call, and checksum every address with keccak (figures:
 * docs/performance.md#abi-coding-by-hand). Functions whose parameters are all one-word values (uintN, intN, address,
 * bool, bytesN, and tuples of them) are encoded and decoded here word by word; any other function, and any argument
 * that is not already its canonical JS type (a bigint in range, a 0x address, a boolean, a 0x hex of the right
 * size), goes through ethers' coder, which also raises ethers' own errors for bad input.
 */
export interface FunctionCodec {
  readonly selector: string;
  encode(args: readonly unknown[]): string;
  decode(data: string): Result;
}

const coder = AbiCoder.defaultAbiCoder();
const codecs = new WeakMap<Interface, Map<string, FunctionCodec>>();

export function functionCodec(iface: Interface, name: string): FunctionCodec {
  let byName = codecs.get(iface);
  if (!byName) codecs.set(iface, (byName = new Map()));
  let codec = byName.get(name);
  if (!codec) byName.set(name, (codec = buildCodec(iface, name)));
  return codec;
}

function buildCodec(iface: Interface, name: string): FunctionCodec {
  const fragment = iface.getFunction(name);
  if (!fragment) throw new Error(`no function ${name} in the interface`);
  const { selector, inputs, outputs } = fragment;
  const wordInputs = inputs.every(isWordParam);
  const wordOutputs = outputs.every(isWordParam);
  const slow = {
    encode: (args: readonly unknown[]) => selector + coder.encode(inputs, args).slice(2),
    decode: (data: string) => iface.decodeFunctionResult(fragment, data),
  };
  return {
    selector,
    encode(args) {
      const words = wordInputs && args.length === inputs.length ? encodeWords(inputs, args) : null;
      return words === null ? slow.encode(args) : selector + words;
    },
    decode(data) {
      const decoded = wordOutputs ? decodeWords(outputs, data) : null;
      return decoded ?? slow.decode(data);
    },
  };
}

const UINT = /^uint(\d+)$/;
const INT = /^int(\d+)$/;
const BYTES_N = /^bytes(\d+)$/;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function isWordParam(param: ParamType): boolean {
  if (param.baseType === 'tuple') return (param.components ?? []).every(isWordParam);
  return /^(u?int\d+|address|bool|bytes\d+)$/.test(param.type);
}

/** Addresses whose checksum was checked or computed once; bounded, as request wallets are all distinct. */
const checksummed = new Map<string, string>();
const CHECKSUM_CACHE_SIZE = 10_000;

function checksumOf(lowerHex: string): string {
  let address = checksummed.get(lowerHex);
  if (address === undefined) {
    address = getAddress(lowerHex);
    if (checksummed.size >= CHECKSUM_CACHE_SIZE) checksummed.clear();
    checksummed.set(lowerHex, address);
  }
  return address;
}

/** True for a 0x address ethers accepts: one case throughout, or its checksum. */
function validAddress(value: string): boolean {
  if (!HEX_ADDRESS.test(value)) return false;
  const digits = value.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return checksumOf(value.toLowerCase()) === value;
}

/** The arguments as ABI words, or null to leave them to ethers. */
function encodeWords(params: readonly ParamType[], args: readonly unknown[]): string | null {
  let out = '';
  for (let i = 0; i < params.length; i++) {
    const encoded = encodeWord(params[i]!, args[i]);
    if (encoded === null) return null;
    out += encoded;
  }
  return out;
}

function encodeWord(param: ParamType, value: unknown): string | null {
  if (param.baseType === 'tuple') {
    const components = param.components ?? [];
    return Array.isArray(value) ? encodeWords(components, value) : null;
  }
  const { type } = param;
  if (type === 'address') return typeof value === 'string' && validAddress(value) ? addressWord(value) : null;
  if (type === 'bool') return typeof value === 'boolean' ? word(value ? 1 : 0) : null;
  if (typeof value === 'bigint') {
    const uint = UINT.exec(type);
    if (uint) return value >= 0n && value < 1n << BigInt(uint[1]!) ? word(value) : null;
    const int = INT.exec(type);
    if (int) {
      const bits = BigInt(int[1]!);
      const inRange = value >= -(1n << (bits - 1n)) && value < 1n << (bits - 1n);
      return inRange ? word(BigInt.asUintN(256, value)) : null;
    }
    return null;
  }
  const bytes = BYTES_N.exec(type);
  if (
    bytes &&
    typeof value === 'string' &&
    new RegExp(`^0x[0-9a-fA-F]{${Number(bytes[1]) * 2}}$`).test(value)
  )
    return value.slice(2).toLowerCase().padEnd(WORD_HEX, '0');
  return null;
}

/** A word ethers would refuse (an address with high bits): ethers decodes it and raises its own error. */
class NotCanonical extends Error {}

/** The result's words as ethers would decode them, or null to let ethers decode (and refuse) the answer. */
function decodeWords(params: readonly ParamType[], data: string): Result | null {
  if (!/^0x([0-9a-fA-F]{64})*$/.test(data)) return null;
  const at = { hex: data.slice(2), word: 0 };
  try {
    return decodeTuple(params, at);
  } catch (err) {
    if (err instanceof NotCanonical) return null;
    throw err;
  }
}

function decodeTuple(params: readonly ParamType[], at: { hex: string; word: number }): Result {
  const items = params.map((param) => decodeParam(param, at));
  // As ethers keys it: by each parameter's name, where present and unique (Result drops the others).
  return Result.fromItems(
    items,
    params.map((param) => param.name || null),
  );
}

function decodeParam(param: ParamType, at: { hex: string; word: number }): unknown {
  if (param.baseType === 'tuple') return decodeTuple(param.components ?? [], at);
  const start = at.word * WORD_HEX;
  at.word += 1;
  const raw = at.hex.slice(start, start + WORD_HEX);
  if (raw.length < WORD_HEX) throw new NotCanonical();
  const { type } = param;
  if (type === 'address') {
    if (!/^0{24}/.test(raw)) throw new NotCanonical();
    return checksumOf(`0x${raw.slice(24)}`);
  }
  const value = BigInt(`0x${raw}`);
  if (type === 'bool') return value !== 0n;
  const uint = UINT.exec(type);
  if (uint) return BigInt.asUintN(Number(uint[1]), value);
  const int = INT.exec(type);
  if (int) return BigInt.asIntN(Number(int[1]), value);
  const bytes = Number(BYTES_N.exec(type)![1]);
  return `0x${raw.slice(0, bytes * 2)}`;
}
