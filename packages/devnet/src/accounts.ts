import { HDNodeWallet, Mnemonic, type Provider } from 'ethers';
import constants from './constants.json';

export const DEVNET_CHAIN_ID = constants.DEVNET_CHAIN_ID;
export const DEVNET_MNEMONIC = constants.DEVNET_MNEMONIC;

/**
 * The devnet roles (docs/design.md#devnet-conventions): account 0 deploys, 1 keeps, 2 to 9 are the public test
 * wallets.
 */
export const DEPLOYER_INDEX = 0;
export const KEEPER_INDEX = 1;
export const TEST_WALLET_INDEXES = [2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * Accounts 10 and up are reserved for test workers so that parallel jest workers never share a nonce:
 * worker w owns ten accounts (deployer, keeper, eight wallets) starting at 10 + (w - 1) * 10.
 */
export const WORKER_ACCOUNTS_START = 10;
export const ACCOUNTS_PER_WORKER = 10;

export function devnetWallet(index: number, provider?: Provider): HDNodeWallet {
  const mnemonic = Mnemonic.fromPhrase(DEVNET_MNEMONIC);
  const wallet = HDNodeWallet.fromMnemonic(mnemonic, `m/44'/60'/0'/0/${index}`);
  return provider ? wallet.connect(provider) : wallet;
}

export interface AccountSet {
  deployer: HDNodeWallet;
  keeper: HDNodeWallet;
  wallets: HDNodeWallet[];
}

export function defaultAccounts(provider: Provider): AccountSet {
  return {
    deployer: devnetWallet(DEPLOYER_INDEX, provider),
    keeper: devnetWallet(KEEPER_INDEX, provider),
    wallets: TEST_WALLET_INDEXES.map((i) => devnetWallet(i, provider)),
  };
}

export function workerAccounts(workerId: number, provider: Provider): AccountSet {
  const base = WORKER_ACCOUNTS_START + (workerId - 1) * ACCOUNTS_PER_WORKER;
  if (workerId < 1 || base + ACCOUNTS_PER_WORKER > constants.DEVNET_ACCOUNT_COUNT) {
    throw new Error(`no devnet accounts for test worker ${workerId}; raise DEVNET_ACCOUNT_COUNT`);
  }
  return {
    deployer: devnetWallet(base, provider),
    keeper: devnetWallet(base + 1, provider),
    wallets: Array.from({ length: ACCOUNTS_PER_WORKER - 2 }, (_, i) => devnetWallet(base + 2 + i, provider)),
  };
}
