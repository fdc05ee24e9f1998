import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Core__factory } from '@yv/contracts';
import type { ContractVersion, Deployment } from '@yv/config';
import { CONTRACT_VERSIONS } from '@yv/schemas';
import { deployVaultV3 } from './deploy-v3';
import {
  deployContract,
  deployMulticall3,
  deployStrategySide,
  deployUsdcAndVault,
  manifestOf,
  send,
  setUpDevnetUsdc,
  type DeployOptions,
} from './deploy-shared';

export {
  DEFAULT_VAULT_PARAMS,
  HLP_VAULT_ADDRESS,
  USDC,
  type DeployOptions,
  type VaultParams,
} from './deploy-shared';

/**
 * The layout to deploy: the explicit one, else DEVNET_CONTRACT_VERSION, else svc-pipe-v2.
 * @throws Error naming the allowed values when the version is unknown.
 */
export function resolveContractVersion(explicit?: string): ContractVersion {
  const version = explicit ?? (process.env.DEVNET_CONTRACT_VERSION || 'svc-pipe-v2');
  if (!(CONTRACT_VERSIONS as readonly string[]).includes(version)) {
    const source = explicit === undefined ? 'DEVNET_CONTRACT_VERSION' : 'contractVersion';
    throw new Error(
      `unknown contract version "${version}" (from ${source}); expected one of ${CONTRACT_VERSIONS.join(', ')}`,
    );
  }
  return version as ContractVersion;
}

/**
 * Deploys the whole vault system in the layout the options (or DEVNET_CONTRACT_VERSION) name, wires it, makes
 * the keeper a USDC minter (devnet yield) and funds wallets.
 */
export async function deployVault(opts: DeployOptions): Promise<Deployment> {
  const version = resolveContractVersion(opts.contractVersion);
  return version === 'svc-vault-v3' ? deployVaultV3(opts) : deployVaultV2(opts);
}

/** svc-pipe-v2: Core (which creates the Share), DepositPipe and RedemptionPipe. */
async function deployVaultV2(opts: DeployOptions): Promise<Deployment> {
  const { signer, owner, treasury, startBlock, usdc, vault: core } = await deployUsdcAndVault('Core', opts);
  const coreContract = Core__factory.connect(core, signer);
  const share = await coreContract.share();
  const { strategy, navSource } = await deployStrategySide(signer, owner, core, usdc, opts);
  const depositPipe = await deployContract('DepositPipe', signer, [core]);
  const redemptionPipe = await deployContract('RedemptionPipe', signer, [core]);
  const multicall3 = await deployMulticall3(signer, opts);
  await send(coreContract.wire(depositPipe, redemptionPipe, strategy, navSource));
  await setUpDevnetUsdc(signer, usdc, opts);

  return manifestOf(
    'svc-pipe-v2',
    startBlock,
    { vault: core, core, share, depositPipe, redemptionPipe },
    { usdc, keeper: opts.keeper, navSource, strategy, treasury, multicall3 },
  );
}

export function writeDeployment(file: string, deployment: Deployment): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
}
