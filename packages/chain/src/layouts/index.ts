import type { ContractVersion, Deployment } from '@yv/config';
import { pipeV2Layout } from './pipe-v2';
import type { VaultLayout } from './types';
import { vaultV3Layout } from './vault-v3';

export * from './types';
export { redemptionIdOf, vaultDriver, type VaultDriver } from './driver';
export { checkContractsAtStart, LayoutMismatchError, verifyLayout, type ContractsCheck } from './verify';

const LAYOUTS: Readonly<Record<ContractVersion, (d: Deployment) => VaultLayout>> = {
  'svc-pipe-v2': pipeV2Layout,
  'svc-vault-v3': vaultV3Layout,
};

/** The one place that reads the manifest's contractVersion: everything layout-specific comes from its answer. */
export function vaultLayout(deployment: Deployment): VaultLayout {
  return LAYOUTS[deployment.contractVersion](deployment);
}
