import { Interface, type ErrorDescription, type InterfaceAbi } from 'ethers';
import { artifact, type ContractName } from '@yv/contracts';

/** Every contract of both vault layouts. */
export const VAULT_CONTRACTS: readonly ContractName[] = [
  'Core',
  'DepositPipe',
  'RedemptionPipe',
  'Share',
  'MockUSDC',
  'NavSource',
  'Strategy',
  'SvcVault',
];

/**
 * Every custom error any vault contract can raise, in one interface: a revert bubbling from Core through a pipe
 * carries Core's error, which the pipe's own ABI does not list.
 */
export const vaultErrors = new Interface(
  dedupeErrors(
    VAULT_CONTRACTS.flatMap((name) => artifact(name).abi.filter((f) => f.type === 'error')),
  ) as InterfaceAbi,
);

function dedupeErrors(fragments: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const seen = new Map<string, Record<string, unknown>>();
  for (const f of fragments) seen.set(JSON.stringify(f), f);
  return [...seen.values()];
}

export interface DecodedRevert {
  name: string;
  args: Record<string, string>;
  /** One line a person can act on: `MaxTvlExceeded(assets=5000000, room=0)`. */
  message: string;
}

function stringify(value: unknown): string {
  return typeof value === 'bigint' ? value.toString() : String(value);
}

function describe(desc: ErrorDescription): DecodedRevert {
  const args: Record<string, string> = {};
  desc.fragment.inputs.forEach((input, i) => {
    args[input.name || String(i)] = stringify(desc.args[i]);
  });
  const list = Object.entries(args)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return { name: desc.name, args, message: `${desc.name}(${list})` };
}

/** Finds revert data on an ethers error (it nests differently for estimateGas, call and send). */
export function revertData(err: unknown): string | null {
  const seen = new Set<unknown>();
  const walk = (e: unknown): string | null => {
    if (!e || typeof e !== 'object' || seen.has(e)) return null;
    seen.add(e);
    const o = e as Record<string, unknown>;
    if (typeof o.data === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(o.data)) return o.data;
    for (const key of ['error', 'info', 'cause', 'data']) {
      const found = walk(o[key]);
      if (found) return found;
    }
    return null;
  };
  return walk(err);
}

/** Decodes a vault custom error, a Solidity `Error(string)` or `Panic(uint256)`; null when nothing decodes. */
export function decodeRevert(errOrData: unknown): DecodedRevert | null {
  const data = typeof errOrData === 'string' ? errOrData : revertData(errOrData);
  if (!data) return null;
  try {
    const desc = vaultErrors.parseError(data);
    if (desc) return describe(desc);
  } catch {
    // not one of ours: fall through to the builtin shapes
  }
  const builtin = new Interface(['error Error(string reason)', 'error Panic(uint256 code)']);
  try {
    const desc = builtin.parseError(data);
    if (desc) return describe(desc);
  } catch {
    // unknown selector
  }
  return null;
}
