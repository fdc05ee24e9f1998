import { TX, WALLET, shares, usdc } from './fixtures';

const USDC = 1_000_000n;
const SHARE = 1_000_000_000_000n;

export const pendingRedeemExample = {
  id: '7',
  status: 'pending',
  wallet: WALLET,
  owner: WALLET,
  receiver: WALLET,
  requestedTxHash: TX.request,
  fulfilledTxHash: null,
  claimedTxHash: null,
  cancelledTxHash: null,
  requestedAt: '2025-06-01T11:00:00.000Z',
  updatedAt: '2025-06-01T11:00:00.000Z',
  shares: shares(500n * SHARE),
  assets: usdc(524n * USDC),
  assetsEstimate: true,
};

export const claimableRedeemExample = {
  ...pendingRedeemExample,
  id: '6',
  status: 'claimable',
  fulfilledTxHash: TX.fulfil,
  updatedAt: '2025-06-01T11:30:00.000Z',
  assets: usdc(525n * USDC),
  assetsEstimate: false,
};

export const positionExample = {
  wallet: WALLET,
  balances: {
    usdc: usdc(998_000n * USDC),
    shares: shares(1_400n * SHARE),
    shareValue: usdc(1_470n * USDC),
  },
  allowance: { vaultUsdc: usdc(0n) },
  limits: {
    maxDeposit: usdc(248_000n * USDC),
    maxRedeem: shares(1_400n * SHARE),
    maxWithdraw: usdc(1_470n * USDC),
  },
  redeemsAvailable: true,
  redeems: [pendingRedeemExample, claimableRedeemExample],
};

export const depositEventExample = {
  type: 'deposit',
  eventName: 'Deposit',
  txHash: TX.deposit,
  blockNumber: '1100',
  logIndex: 3,
  timestamp: '2025-06-01T10:00:00.000Z',
  wallet: WALLET,
  owner: WALLET,
  receiver: WALLET,
  assets: usdc(2_000n * USDC),
  shares: shares(1_904_761_904_761_904n),
  redeemId: null,
};

export const redeemRequestedEventExample = {
  type: 'redeem_requested',
  eventName: 'RedeemRequested',
  txHash: TX.request,
  blockNumber: '1150',
  logIndex: 0,
  timestamp: '2025-06-01T11:00:00.000Z',
  wallet: WALLET,
  owner: WALLET,
  receiver: WALLET,
  assets: null,
  shares: shares(500n * SHARE),
  redeemId: '7',
};

export const activityExample = {
  wallet: WALLET,
  available: true,
  events: [redeemRequestedEventExample, depositEventExample],
};

export const redeemsExample = {
  wallet: WALLET,
  available: true,
  redeems: [pendingRedeemExample, claimableRedeemExample],
};

export const gasExample = {
  faucetEnabled: true,
  balance: '1000000000000000000',
  needsGas: false,
  minRequired: '1000000000000000',
  faucetAmount: '100000000000000000',
  error: null,
};
