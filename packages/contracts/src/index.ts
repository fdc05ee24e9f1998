import artifactsJson from '../generated/artifacts.json';

export * from '../generated/types';

export type ContractName =
  | 'MockUSDC'
  | 'Share'
  | 'Core'
  | 'DepositPipe'
  | 'RedemptionPipe'
  | 'SvcVault'
  | 'NavSource'
  | 'Strategy'
  | 'Multicall3';

export interface Artifact {
  abi: readonly Record<string, unknown>[];
  bytecode: string;
}

const artifacts = artifactsJson as unknown as Record<ContractName, Artifact>;

export function artifact(name: ContractName): Artifact {
  return artifacts[name];
}
