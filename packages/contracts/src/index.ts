import artifactsJson from '../generated/artifacts.json';

export * from '../generated/types';

/** The contract layouts a deployment can have: v2 is Core + Share + pipes, v3 is the single SvcVault. */
export const CONTRACT_VERSIONS = ['svc-pipe-v2', 'svc-vault-v3'] as const;
export type ContractVersion = (typeof CONTRACT_VERSIONS)[number];

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

/** Redemption status as RedemptionPipe (v2) and SvcVault (v3) store it; index = the on-chain enum value. */
export const REDEMPTION_STATUS = ['none', 'pending', 'claimable', 'claimed', 'cancelled'] as const;
