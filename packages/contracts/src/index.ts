import artifactsJson from '../generated/artifacts.json';

export * from '../generated/types';

export const CONTRACT_VERSION = 'svc-pipe-v2' as const;

export type ContractName =
  'MockUSDC' | 'Share' | 'Core' | 'DepositPipe' | 'RedemptionPipe' | 'NavSource' | 'Strategy' | 'Multicall3';

export interface Artifact {
  abi: readonly Record<string, unknown>[];
  bytecode: string;
}

const artifacts = artifactsJson as unknown as Record<ContractName, Artifact>;

export function artifact(name: ContractName): Artifact {
  return artifacts[name];
}

/** Redemption status as RedemptionPipe stores it; index = the on-chain enum value. */
export const REDEMPTION_STATUS = ['none', 'pending', 'claimable', 'claimed', 'cancelled'] as const;
