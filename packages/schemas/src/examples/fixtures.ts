/**
 * Building blocks of the example payloads: one devnet-like deployment, one wallet, and Amount helpers, so every
 * example tells the same consistent story (share price 1.05 USDC, shares with 12 decimals).
 */

export const ADDRESSES = {
  usdc: '0x5FBDB2315678AFECB367F032449f2C0D7Df2aEB5',
  core: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  share: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  depositPipe: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  redemptionPipe: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  navSource: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  strategy: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
  hlpVault: '0xdfc24b077bc1425ad1dea75bcb6f8158e10df303',
  keeper: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  treasury: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  bridgeDeposit: '0x1111111111111111111111111111111111111111',
} as const;

export const WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

export const TX = {
  approve: '0x6a1f1d4f5e2c9b8a7d6e5f4c3b2a1908f7e6d5c4b3a2918f7e6d5c4b3a291800',
  deposit: '0x8b2e2f5a6c3d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f',
  request: '0x2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d',
  fulfil: '0x3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e',
} as const;

export const UPDATED_AT = '2025-06-01T12:00:00.000Z';

function formatUnits(raw: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  const fraction = (raw % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${raw / unit}.${fraction}` : `${raw / unit}`;
}

export function amount(raw: bigint, decimals: number) {
  return { raw: raw.toString(), decimals, formatted: formatUnits(raw, decimals) };
}

export const usdc = (raw: bigint) => amount(raw, 6);
export const shares = (raw: bigint) => amount(raw, 12);

export const USDC_TOKEN = { symbol: 'USDC', decimals: 6, address: ADDRESSES.usdc };
export const SHARE_TOKEN = { symbol: 'svcUSDC', decimals: 12, address: ADDRESSES.share };

export const SETTLEMENT_NETWORK = {
  vm: 'evm',
  chainId: 999,
  chainName: 'HyperEVM',
  token: { symbol: 'USDC', decimals: 6, address: ADDRESSES.usdc },
};

export const READY = {
  display: true,
  history: true,
  activity: true,
  operations: true,
  deposits: true,
  reasonCodes: [] as string[],
};
