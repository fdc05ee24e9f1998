import { SvcVault__factory } from '@yv/contracts';
import type { Deployment } from '@yv/config';
import {
  deployMulticall3,
  deployStrategySide,
  deployUsdcAndVault,
  manifestOf,
  send,
  setUpDevnetUsdc,
  type DeployOptions,
} from './deploy-shared';

/**
 * Deploys the svc-vault-v3 system (one SvcVault that is accounting, share token, deposit and redemption entry),
 * wires it, makes the keeper a USDC minter (devnet yield) and funds wallets. Every v2 role address in the
 * manifest (vault, core, share, depositPipe, redemptionPipe) is the SvcVault.
 */
export async function deployVaultV3(opts: DeployOptions): Promise<Deployment> {
  const { signer, owner, treasury, startBlock, usdc, vault } = await deployUsdcAndVault('SvcVault', opts);
  const { strategy, navSource } = await deployStrategySide(signer, owner, vault, usdc, opts);
  const multicall3 = await deployMulticall3(signer, opts);
  await send(SvcVault__factory.connect(vault, signer).wire(strategy, navSource));
  await setUpDevnetUsdc(signer, usdc, opts);

  return manifestOf(
    'svc-vault-v3',
    startBlock,
    { vault, core: vault, share: vault, depositPipe: vault, redemptionPipe: vault },
    { usdc, keeper: opts.keeper, navSource, strategy, treasury, multicall3 },
  );
}
