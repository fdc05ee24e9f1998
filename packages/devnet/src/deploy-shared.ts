/** What every contract layout's devnet deploy shares: units, parameters, options and the common contracts. */
import { ContractFactory, NonceManager, type Provider, type Signer } from 'ethers';
import { artifact, MockUSDC__factory, type ContractName } from '@yv/contracts';
import { toChecksumAddress, type Address, type ContractVersion, type Deployment } from '@yv/config';
import { DEVNET_CHAIN_ID } from './accounts';

export const USDC = 10n ** 6n;

/** Hyperliquid's HLP vault, the one the strategy follows; it lives on HyperCore, not on this chain. */
export const HLP_VAULT_ADDRESS = toChecksumAddress('0xdfc24b077bc1425ad1dea75bcb6f8158e10df303');

export interface VaultParams {
  maxTvl: bigint;
  maxUserDeposit: bigint;
  minimumDeposit: bigint;
  recommendedOperationalMinimum: bigint;
  performanceFeeBps: bigint;
  managementFeeBps: bigint;
}

export const DEFAULT_VAULT_PARAMS: VaultParams = {
  maxTvl: 50_000_000n * USDC,
  maxUserDeposit: 2_000_000n * USDC,
  minimumDeposit: 1n * USDC,
  recommendedOperationalMinimum: 10n * USDC,
  performanceFeeBps: 1_000n,
  managementFeeBps: 0n,
};

export interface DeployOptions {
  provider: Provider;
  deployer: Signer;
  keeper: string;
  treasury?: string;
  params?: Partial<VaultParams>;
  /** Wallets to mint USDC to, and how much each. */
  fund?: { wallets: string[]; amount: bigint };
  /** Reuse a Multicall3 already on the chain instead of deploying one. */
  multicall3?: string;
  /** The contract layout; default DEVNET_CONTRACT_VERSION, else svc-pipe-v2. */
  contractVersion?: ContractVersion;
}

/** The share token's name and symbol, the same in every layout. */
export const SHARE_NAME = 'SVC USDC Vault Share';
export const SHARE_SYMBOL = 'svcUSDC';

/** The constructor's Params tuple (Core.Params and SvcVault.Params have the same fields in the same order). */
export function paramsTuple(params?: Partial<VaultParams>): bigint[] {
  const p = { ...DEFAULT_VAULT_PARAMS, ...params };
  return [
    p.maxTvl,
    p.maxUserDeposit,
    p.minimumDeposit,
    p.recommendedOperationalMinimum,
    p.performanceFeeBps,
    p.managementFeeBps,
  ];
}

export async function deployContract(name: ContractName, signer: Signer, args: unknown[]): Promise<string> {
  const { abi, bytecode } = artifact(name);
  const contract = await new ContractFactory(abi as never, bytecode, signer).deploy(...args);
  await contract.waitForDeployment();
  return contract.getAddress();
}

export async function send(tx: Promise<{ wait(): Promise<unknown> }>): Promise<void> {
  await (await tx).wait();
}

/** Strategy (which only sends USDC back to `vault`) and the NavSource that reads it. */
export async function deployStrategySide(
  signer: Signer,
  owner: string,
  vault: string,
  usdc: string,
  opts: DeployOptions,
): Promise<{ strategy: string; navSource: string }> {
  const strategy = await deployContract('Strategy', signer, [
    owner,
    vault,
    usdc,
    HLP_VAULT_ADDRESS,
    opts.keeper,
  ]);
  const navSource = await deployContract('NavSource', signer, [
    owner,
    usdc,
    strategy,
    HLP_VAULT_ADDRESS,
    opts.keeper,
  ]);
  return { strategy, navSource };
}

/** The Multicall3 the options name, else a new one. */
export async function deployMulticall3(signer: Signer, opts: DeployOptions): Promise<string> {
  return opts.multicall3 ?? (await deployContract('Multicall3', signer, []));
}

/** Makes the keeper a USDC minter (devnet yield) and funds the wallets the options name. */
export async function setUpDevnetUsdc(signer: Signer, usdc: string, opts: DeployOptions): Promise<void> {
  const usdcContract = MockUSDC__factory.connect(usdc, signer);
  await send(usdcContract.setMinter(opts.keeper, true));
  for (const wallet of opts.fund?.wallets ?? []) {
    await send(usdcContract.mint(wallet, opts.fund!.amount));
  }
}

/** The contracts whose addresses differ between layouts (on svc-vault-v3 they are all the one vault). */
export type LayoutRoles = Pick<
  Deployment['contracts'],
  'vault' | 'core' | 'share' | 'depositPipe' | 'redemptionPipe'
>;

/** The manifest of a deployed layout: its role addresses, and those every layout deploys alike. */
export function manifestOf(
  contractVersion: ContractVersion,
  startBlock: number,
  roles: Record<keyof LayoutRoles, string>,
  shared: {
    usdc: string;
    keeper: string;
    navSource: string;
    strategy: string;
    treasury: string;
    multicall3: string;
  },
): Deployment {
  const checksummed = <K extends string>(o: Record<K, string>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, toChecksumAddress(v as string)])) as Record<
      K,
      Address
    >;
  const { keeper, ...rest } = shared;
  return {
    contractVersion,
    chainId: DEVNET_CHAIN_ID,
    startBlock,
    contracts: {
      ...checksummed(roles),
      ...checksummed(rest),
      hlpVault: HLP_VAULT_ADDRESS,
      strategyKeeper: toChecksumAddress(keeper),
    },
  };
}

/**
 * What every layout deploys first: USDC, then its vault contract (`Core` or `SvcVault`: both take VaultAccounting's
 * constructor arguments). The start block is read before either, so the indexer sees every vault event.
 */
export async function deployUsdcAndVault(name: 'Core' | 'SvcVault', opts: DeployOptions) {
  const signer = new NonceManager(opts.deployer);
  const owner = await opts.deployer.getAddress();
  const treasury = opts.treasury ?? owner;
  const startBlock = await opts.provider.getBlockNumber();
  const usdc = await deployContract('MockUSDC', signer, [owner]);
  const vault = await deployContract(name, signer, [
    owner,
    usdc,
    SHARE_NAME,
    SHARE_SYMBOL,
    treasury,
    opts.keeper,
    paramsTuple(opts.params),
  ]);
  return { signer, owner, treasury, startBlock, usdc, vault };
}
