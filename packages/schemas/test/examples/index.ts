import {
  claimQuoteExample,
  depositActionExample,
  depositQuoteExample,
  redeemAsyncActionExample,
  redeemAsyncQuoteExample,
} from './actions';
import { bootstrapExample, partialBootstrapExample } from './bootstrap';
import { configExample } from './config';
import { UPDATED_AT, WALLET } from './fixtures';
import { healthExample } from './health';
import { hlpExample } from './hlp';
import { vaultExample } from './vault';
import {
  activityExample,
  claimableRedeemExample,
  depositEventExample,
  gasExample,
  pendingRedeemExample,
  positionExample,
  redeemsExample,
} from './wallet';

export * from './actions';
export * from './bootstrap';
export * from './config';
export * from './fixtures';
export * from './health';
export * from './hlp';
export * from './vault';
export * from './wallet';

/** Valid payloads per schema name; the gateway's tests may reuse them as known-good shapes. */
export const validExamples = {
  PartnerAction: [depositActionExample, redeemAsyncActionExample],
  ActionQuote: [depositQuoteExample, redeemAsyncQuoteExample, claimQuoteExample],
  Bootstrap: [bootstrapExample, partialBootstrapExample],
  Config: [configExample],
  Health: [healthExample],
  Vault: [vaultExample],
  Hlp: [hlpExample],
  Position: [positionExample],
  Redeem: [pendingRedeemExample, claimableRedeemExample],
  ActivityEvent: [depositEventExample],
  Activity: [activityExample],
  Redeems: [redeemsExample],
  Gas: [gasExample],
  WebhookRetryResult: [{ checked: 3, sent: 2, failed: 1, maxAttempts: 8 }],
  WebhookEvent: [
    { type: 'action.updated', timestamp: UPDATED_AT, sequence: 3, data: depositActionExample },
    { type: 'redeem.updated', timestamp: UPDATED_AT, sequence: 2, data: claimableRedeemExample },
  ],
  DepositRequest: [{ amountRaw: '2000000000', account: WALLET, receiver: WALLET, slippageBps: 50 }],
  RedeemAsyncRequest: [
    { sharesRaw: '500000000000000', account: WALLET, slippageBps: 100, receiveChainId: 42161 },
  ],
  RedeemInstantRequest: [{ sharesRaw: '500000000000000', account: WALLET, slippageBps: 30 }],
  ClaimRequest: [{ id: '6', account: WALLET, receiver: WALLET, receiveChainId: 999 }],
  CancelRequest: [{ id: '7', account: WALLET }],
  FulfillRequest: [{ id: '7' }],
  SubmitRequest: [{ txHash: '0x8b2e2f5a6c3d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f' }],
} as const;
