import { TX, WALLET } from './fixtures';

/** Request bodies, one per body schema, matching the quotes and actions of the other examples. */

export const depositRequestExample = {
  amountRaw: '2000000000',
  account: WALLET,
  receiver: WALLET,
  slippageBps: 50,
};
export const redeemAsyncRequestExample = {
  sharesRaw: '500000000000000',
  account: WALLET,
  slippageBps: 100,
  receiveChainId: 42161,
};
export const redeemInstantRequestExample = { sharesRaw: '500000000000000', account: WALLET, slippageBps: 30 };
export const claimRequestExample = { id: '6', account: WALLET, receiver: WALLET, receiveChainId: 42161 };
export const cancelRequestExample = { id: '7', account: WALLET };
export const fulfillRequestExample = { id: '7' };
export const submitRequestExample = { txHash: TX.deposit };
