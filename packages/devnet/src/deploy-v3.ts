import { NonceManager } from 'ethers';
import { SvcVault__factory } from '@yv/contracts';
import type { Deployment } from '@yv/config';
import {
  deployContract,
  deployMulticall3,
  deployStrategySide,
  manifestOf,
  paramsTuple,
  send,
  setUpDevnetUsdc,
  SHARE_NAME,
  SHARE_SYMBOL,
  type DeployOptions,
} from './deploy-shared';

/**
 * Deploys the svc-vault-v3 system (one SvcVault that is accounting, share token, deposit and redemption entry),
 * wires it, makes the keeper a USDC minter (devnet yield) and funds wallets. Every v2 role address in the
 * manifest (vault, core, share, depositPipe, redemptionPipe) is the SvcVault.
 */
export async function deployVaultV3(opts: DeployOptions): Promise<Deployment> {
  const signer = new NonceManager(opts.deployer);
  const owner = await opts.deployer.getAddress();
  const treasury = opts.treasury ?? owner;
  const startBlock = await opts.provider.getBlockNumber();

  const usdc = await deployContract('MockUSDC', signer, [owner]);
  const vault = await deployContract('SvcVault', signer, [
    owner,
    usdc,
    SHARE_NAME,
    SHARE_SYMBOL,
    treasury,
    opts.keeper,
    paramsTuple(opts.params),
  ]);
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
