import { Interface, type Provider } from 'ethers';
import type { Deployment } from '@yv/config';
import { artifact, type ContractName } from '@yv/contracts';

export const CAPABILITIES = {
  deposit: ['DepositPipe', 'deposit'],
  instantRedeem: ['RedemptionPipe', 'redeemInstant'],
  asyncRedeem: ['RedemptionPipe', 'requestRedeem'],
  fulfillRedeem: ['RedemptionPipe', 'fulfillRedeem'],
  claimRedeem: ['RedemptionPipe', 'claimRedeem'],
  cancelRedeem: ['RedemptionPipe', 'cancelRedeem'],
} as const satisfies Record<string, readonly [ContractName, string]>;

export type Capabilities = Record<keyof typeof CAPABILITIES, boolean>;

const PIPES = { DepositPipe: 'depositPipe', RedemptionPipe: 'redemptionPipe' } as const;

/**
 * Which operations the deployed pipes support: an external function is dispatched by a PUSH4 of its selector
 * (0x63 + 4 bytes) in the runtime code, so its absence means the deployed contract cannot do it. Code is
 * immutable: read once per process.
 */
export async function readCapabilities(provider: Provider, deployment: Deployment): Promise<Capabilities> {
  const [depositCode, redemptionCode] = await Promise.all([
    provider.getCode(deployment.contracts[PIPES.DepositPipe]),
    provider.getCode(deployment.contracts[PIPES.RedemptionPipe]),
  ]);
  const code = { DepositPipe: depositCode.toLowerCase(), RedemptionPipe: redemptionCode.toLowerCase() };
  const entries = Object.entries(CAPABILITIES).map(([name, [contract, fn]]) => {
    const selector = new Interface(artifact(contract).abi as never).getFunction(fn)!.selector.slice(2);
    return [name, code[contract as keyof typeof PIPES].includes(`63${selector}`)];
  });
  return Object.fromEntries(entries) as Capabilities;
}
