import { ADDRESSES, TX, UPDATED_AT, WALLET, SETTLEMENT_NETWORK, shares, usdc } from './fixtures';

const word = (value: bigint | string) =>
  (typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, '0');
const calldata = (selector: string, ...args: (bigint | string)[]) => selector + args.map(word).join('');
const tx = (to: string, data: string) => ({ to, data, value: '0', chainId: 999 });

const DEPOSIT_ASSETS = 2_000_000_000n;
const DEPOSIT_SHARES = 1_904_761_904_761_904n;
const DEPOSIT_MIN_SHARES = 1_895_238_095_238_094n;
const REDEEM_SHARES = 500_000_000_000_000n;
const ARBITRUM_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

const approvalTx = tx(ADDRESSES.usdc, calldata('0x095ea7b3', ADDRESSES.depositPipe, DEPOSIT_ASSETS));
const depositTx = tx(
  ADDRESSES.depositPipe,
  calldata('0xbc157ac1', DEPOSIT_ASSETS, WALLET, DEPOSIT_MIN_SHARES),
);
const requestRedeemTx = tx(ADDRESSES.redemptionPipe, calldata('0x107703ab', REDEEM_SHARES, WALLET));

export const depositQuoteExample = {
  action: 'deposit',
  tx: depositTx,
  account: WALLET,
  receiver: WALLET,
  metadata: { priceSource: 'Core.previewDeposit' },
  quoteBlock: '1200',
  requirements: [
    {
      type: 'approval',
      token: ADDRESSES.usdc,
      spender: ADDRESSES.depositPipe,
      amount: usdc(DEPOSIT_ASSETS),
      tx: approvalTx,
    },
  ],
  expected: {
    assets: usdc(DEPOSIT_ASSETS),
    shares: shares(DEPOSIT_SHARES),
    minShares: shares(DEPOSIT_MIN_SHARES),
  },
  slippageBps: 50,
  expiresAt: '2025-06-01T12:05:00.000Z',
};

const contracts = {
  share: ADDRESSES.share,
  core: ADDRESSES.core,
  depositPipe: ADDRESSES.depositPipe,
  redemptionPipe: ADDRESSES.redemptionPipe,
  asset: ADDRESSES.usdc,
};

export const depositActionExample = {
  id: '0b6f3c1e-8a4d-4f5b-9c2e-7d1a3b5c9e01',
  action: 'deposit',
  status: 'created',
  wallet: WALLET,
  receiver: WALLET,
  redeemId: null,
  txHash: null,
  request: { amountRaw: DEPOSIT_ASSETS.toString(), account: WALLET, slippageBps: 50 },
  quote: depositQuoteExample,
  steps: [
    {
      id: 'approval',
      kind: 'approval',
      status: 'requires_signature',
      title: 'Approve 2000 USDC for the deposit pipe',
      tx: approvalTx,
      refreshQuoteAfterConfirm: true,
    },
    {
      id: 'deposit',
      kind: 'deposit',
      status: 'requires_signature',
      title: 'Deposit 2000 USDC',
      tx: depositTx,
      refreshQuoteAfterConfirm: false,
    },
  ],
  lastError: null,
  indexingPending: false,
  indexedAt: null,
  receiptBlockNumber: null,
  idempotentReplay: false,
  metadata: {
    contractVersion: 'svc-pipe-v2',
    chainId: 999,
    addresses: contracts,
    funding: {
      requiredBeforeAction: true,
      destination: SETTLEMENT_NETWORK,
      submitRule: 'Submit only the hash of a successful deposit receipt whose target is the depositPipe.',
    },
  },
  contractVersion: 'svc-pipe-v2',
  addresses: contracts,
  timestamps: { createdAt: UPDATED_AT, updatedAt: UPDATED_AT },
};

const arbitrum = { chainId: 42161, chainName: 'Arbitrum One', usdcAddress: ARBITRUM_USDC };
const settlement = { chainId: 999, chainName: 'HyperEVM', usdcAddress: ADDRESSES.usdc };

export const redeemAsyncQuoteExample = {
  action: 'redeem_async',
  tx: requestRedeemTx,
  account: WALLET,
  receiver: WALLET,
  metadata: {
    withdrawal: {
      requestedDestination: { ...arbitrum, enabled: true },
      settlement: { ...settlement, receiver: WALLET },
      postSettlementBridge: {
        required: true,
        provider: 'relay',
        from: settlement,
        to: arbitrum,
        recipient: WALLET,
        amountSource: 'claim.expected.assets',
        mode: 'post-claim-quote',
        bridge: null,
        submitRule:
          'Pass receiveChainId 42161 again when creating the claim; the bridge opens with the claim quote.',
      },
    },
  },
  quoteBlock: '1200',
  requirements: [],
  expected: { shares: shares(REDEEM_SHARES), assets: usdc(525_000_000n) },
  slippageBps: 50,
  expiresAt: '2025-06-01T12:05:00.000Z',
};

export const redeemAsyncActionExample = {
  ...depositActionExample,
  id: '5d0c8f2a-1b3e-4c6d-8e9f-0a1b2c3d4e5f',
  action: 'redeem_async',
  status: 'waiting_for_keeper',
  redeemId: '7',
  txHash: TX.request,
  request: { sharesRaw: REDEEM_SHARES.toString(), account: WALLET, slippageBps: 50, receiveChainId: 42161 },
  quote: redeemAsyncQuoteExample,
  steps: [
    {
      id: 'redeem_async',
      kind: 'redeem_async',
      status: 'confirmed',
      title: 'Request redemption of 500 shares',
      tx: requestRedeemTx,
      refreshQuoteAfterConfirm: false,
    },
  ],
  indexedAt: '2025-06-01T11:00:30.000Z',
  receiptBlockNumber: '1150',
  idempotentReplay: true,
  metadata: { contractVersion: 'svc-pipe-v2', chainId: 999, addresses: contracts },
  timestamps: { createdAt: '2025-06-01T10:59:00.000Z', updatedAt: '2025-06-01T11:00:30.000Z' },
};

export const claimQuoteExample = {
  action: 'claim_redeem',
  tx: tx(ADDRESSES.redemptionPipe, calldata('0x588f1343', 6n, ADDRESSES.bridgeDeposit)),
  account: WALLET,
  receiver: ADDRESSES.bridgeDeposit,
  metadata: {
    withdrawal: {
      requestedDestination: { ...arbitrum, enabled: true },
      settlement: { ...settlement, receiver: ADDRESSES.bridgeDeposit },
      postSettlementBridge: {
        required: true,
        provider: 'relay',
        from: settlement,
        to: arbitrum,
        recipient: WALLET,
        amountSource: 'claim.expected.assets',
        mode: 'deposit-address',
        bridge: {
          provider: 'relay',
          requestId: '0x4b1d',
          depositAddress: ADDRESSES.bridgeDeposit,
          statusUrl: 'https://bridge.example.org/requests/0x4b1d',
          originChainId: 999,
          destinationChainId: 42161,
          amountRaw: '525000000',
          recipient: WALLET,
          refundTo: WALLET,
          originCurrency: ADDRESSES.usdc,
          destinationCurrency: ARBITRUM_USDC,
        },
        submitRule: 'Claim to the deposit address; the bridge delivers to the recipient on Arbitrum One.',
      },
    },
  },
  quoteBlock: '1210',
  requirements: [],
  expected: { assets: usdc(525_000_000n) },
  expiresAt: '2025-06-01T12:05:00.000Z',
};
