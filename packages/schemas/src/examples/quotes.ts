import { ADDRESSES, WALLET, shares, usdc } from './fixtures';

/** Quotes of the builders the action examples do not cover: instant redemption, cancel and fulfilment. */

const word = (value: bigint | string) =>
  (typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, '0');
const calldata = (selector: string, ...args: (bigint | string)[]) => selector + args.map(word).join('');
const tx = (to: string, data: string) => ({ to, data, value: '0', chainId: 999 });

const SHARES = 500_000_000_000_000n;
const ASSETS = 525_000_000n;
const MIN_ASSETS = 522_375_000n;

export const redeemInstantQuoteExample = {
  action: 'redeem_instant',
  // redeemInstant(shares, receiver, minAssetsOut)
  tx: tx(ADDRESSES.redemptionPipe, calldata('0x28e18ceb', SHARES, WALLET, MIN_ASSETS)),
  account: WALLET,
  receiver: WALLET,
  metadata: {},
  quoteBlock: '1200',
  requirements: [],
  expected: { shares: shares(SHARES), assets: usdc(ASSETS), minAssetsOut: usdc(MIN_ASSETS) },
  slippageBps: 50,
  expiresAt: '2025-06-01T12:05:00.000Z',
};

export const cancelQuoteExample = {
  action: 'cancel_redeem',
  // cancelRedeem(id)
  tx: tx(ADDRESSES.redemptionPipe, calldata('0x539ffb77', 7n)),
  account: WALLET,
  metadata: {},
  quoteBlock: '1205',
  requirements: [],
  expected: { shares: shares(SHARES) },
  expiresAt: '2025-06-01T12:05:00.000Z',
};

export const fulfillQuoteExample = {
  action: 'fulfill_redeem',
  // fulfillRedeem(id)
  tx: tx(ADDRESSES.redemptionPipe, calldata('0x493a6e21', 7n)),
  account: WALLET,
  metadata: {},
  quoteBlock: '1205',
  requirements: [],
  expected: { shares: shares(SHARES), assets: usdc(ASSETS), minAssetsOut: usdc(ASSETS) },
  expiresAt: '2025-06-01T12:05:00.000Z',
};
