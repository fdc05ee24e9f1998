import { NonceManager } from 'ethers';
import { SvcVault__factory } from '@yv/contracts';
import { toChecksumAddress, type Deployment } from '@yv/config';
import { DEVNET_CHAIN_ID } from './accounts';
import {
  deployContract,
  deployMulticall3,
  deployStrategySide,
  HLP_VAULT_ADDRESS,
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

  const vaultAddress = toChecksumAddress(vault);
  return {
    contractVersion: 'svc-vault-v3',
    chainId: DEVNET_CHAIN_ID,
    startBlock,
    contracts: {
      vault: vaultAddress,
      usdc: toChecksumAddress(usdc),
      hlpVault: toChecksumAddress(HLP_VAULT_ADDRESS),
      core: vaultAddress,
      share: vaultAddress,
      depositPipe: vaultAddress,
      redemptionPipe: vaultAddress,
      strategyKeeper: toChecksumAddress(opts.keeper),
      navSource: toChecksumAddress(navSource),
      strategy: toChecksumAddress(strategy),
      treasury: toChecksumAddress(treasury),
      multicall3: toChecksumAddress(multicall3),
    },
  };
}
