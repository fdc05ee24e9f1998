import type { Provider } from 'ethers';
import type { ContractCall, VaultLayout } from '@yv/chain';

// Any address: only the call's target and selector are read.
const ANY = '0x0000000000000000000000000000000000000001';

/** Each capability is the call the layout builds for it; only its target and selector matter here. */
const CAPABILITIES = {
  deposit: (l: VaultLayout) => l.calls.deposit(0n, ANY, 0n),
  instantRedeem: (l: VaultLayout) => l.calls.redeemInstant(0n, ANY, ANY, 0n),
  asyncRedeem: (l: VaultLayout) => l.calls.requestRedeem(0n, ANY),
  fulfillRedeem: (l: VaultLayout) => l.calls.fulfillRedeem(0n),
  claimRedeem: (l: VaultLayout) => l.calls.claimRedeem(0n, ANY),
  cancelRedeem: (l: VaultLayout) => l.calls.cancelRedeem(0n, ANY),
} as const satisfies Record<string, (layout: VaultLayout) => ContractCall>;

export type Capabilities = Record<keyof typeof CAPABILITIES, boolean>;

/**
 * Which operations the deployed contracts support: an external function is dispatched by a PUSH4 of its selector
 * (0x63 + 4 bytes) in the runtime code of the contract the layout sends it to, so its absence means that contract
 * cannot do it. Code is immutable: read once per process.
 */
export async function readCapabilities(provider: Provider, layout: VaultLayout): Promise<Capabilities> {
  const calls = Object.entries(CAPABILITIES).map(([name, build]) => [name, build(layout)] as const);
  const targets = [...new Set(calls.map(([, call]) => call.to.toLowerCase()))];
  const codes = new Map(
    await Promise.all(targets.map(async (t) => [t, (await provider.getCode(t)).toLowerCase()] as const)),
  );
  const entries = calls.map(([name, call]) => [
    name,
    codes.get(call.to.toLowerCase())!.includes(`63${call.data.slice(2, 10).toLowerCase()}`),
  ]);
  return Object.fromEntries(entries) as Capabilities;
}
