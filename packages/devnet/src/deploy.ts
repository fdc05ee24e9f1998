import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContractFactory, NonceManager, type Provider, type Signer } from 'ethers';
import {
  artifact,
  CONTRACT_VERSION,
  Core__factory,
  MockUSDC__factory,
  type ContractName,
} from '@yv/contracts';
import { toChecksumAddress, type Deployment } from '@yv/config';
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
}

async function deployContract(name: ContractName, signer: Signer, args: unknown[]): Promise<string> {
  const { abi, bytecode } = artifact(name);
  const contract = await new ContractFactory(abi as never, bytecode, signer).deploy(...args);
  await contract.waitForDeployment();
  return contract.getAddress();
}

async function send(tx: Promise<{ wait(): Promise<unknown> }>): Promise<void> {
  await (await tx).wait();
}

/** Deploys the whole svc-pipe-v2 system, wires it, makes the keeper a USDC minter (devnet yield) and funds wallets. */
export async function deployVault(opts: DeployOptions): Promise<Deployment> {
  const signer = new NonceManager(opts.deployer);
  const owner = await opts.deployer.getAddress();
  const treasury = opts.treasury ?? owner;
  const p = { ...DEFAULT_VAULT_PARAMS, ...opts.params };
  const startBlock = await opts.provider.getBlockNumber();

  const usdc = await deployContract('MockUSDC', signer, [owner]);
  const core = await deployContract('Core', signer, [
    owner,
    usdc,
    'SVC USDC Vault Share',
    'svcUSDC',
    treasury,
    opts.keeper,
    [
      p.maxTvl,
      p.maxUserDeposit,
      p.minimumDeposit,
      p.recommendedOperationalMinimum,
      p.performanceFeeBps,
      p.managementFeeBps,
    ],
  ]);
  const coreContract = Core__factory.connect(core, signer);
  const share = await coreContract.share();
  const strategy = await deployContract('Strategy', signer, [
    owner,
    core,
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
  const depositPipe = await deployContract('DepositPipe', signer, [core]);
  const redemptionPipe = await deployContract('RedemptionPipe', signer, [core]);
  const multicall3 = opts.multicall3 ?? (await deployContract('Multicall3', signer, []));
  await send(coreContract.wire(depositPipe, redemptionPipe, strategy, navSource));

  const usdcContract = MockUSDC__factory.connect(usdc, signer);
  await send(usdcContract.setMinter(opts.keeper, true));
  for (const wallet of opts.fund?.wallets ?? []) {
    await send(usdcContract.mint(wallet, opts.fund!.amount));
  }

  return {
    contractVersion: CONTRACT_VERSION,
    chainId: DEVNET_CHAIN_ID,
    startBlock,
    contracts: {
      vault: toChecksumAddress(core),
      usdc: toChecksumAddress(usdc),
      hlpVault: toChecksumAddress(HLP_VAULT_ADDRESS),
      core: toChecksumAddress(core),
      share: toChecksumAddress(share),
      depositPipe: toChecksumAddress(depositPipe),
      redemptionPipe: toChecksumAddress(redemptionPipe),
      strategyKeeper: toChecksumAddress(opts.keeper),
      navSource: toChecksumAddress(navSource),
      strategy: toChecksumAddress(strategy),
      treasury: toChecksumAddress(treasury),
      multicall3: toChecksumAddress(multicall3),
    },
  };
}

export function writeDeployment(file: string, deployment: Deployment): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
}
