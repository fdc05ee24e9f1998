import {
  claimQuoteExample,
  depositActionExample,
  depositQuoteExample,
  redeemAsyncActionExample,
  redeemAsyncQuoteExample,
} from './actions';
import { bootstrapExample, partialBootstrapExample } from './bootstrap';
import { configExample } from './config';
import { healthExample } from './health';
import { hlpExample } from './hlp';
import {
  cancelRequestExample,
  claimRequestExample,
  depositRequestExample,
  fulfillRequestExample,
  redeemAsyncRequestExample,
  redeemInstantRequestExample,
  submitRequestExample,
} from './requests';
import { vaultExample } from './vault';
import { actionUpdatedEventExample, redeemUpdatedEventExample, webhookRetryResultExample } from './webhooks';
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
export * from './api-keys';
export * from './bootstrap';
export * from './config';
export * from './envelopes';
export * from './errors';
export * from './fixtures';
export * from './health';
export * from './hlp';
export * from './partner-actions';
export * from './partner-events';
export * from './quotes';
export * from './requests';
export * from './vault';
export * from './wallet';
export * from './webhook-endpoint';
export * from './webhooks';

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
  WebhookRetryResult: [webhookRetryResultExample],
  WebhookEvent: [actionUpdatedEventExample, redeemUpdatedEventExample],
  DepositRequest: [depositRequestExample],
  RedeemAsyncRequest: [redeemAsyncRequestExample],
  RedeemInstantRequest: [redeemInstantRequestExample],
  ClaimRequest: [claimRequestExample, { ...claimRequestExample, receiveChainId: 999 }],
  CancelRequest: [cancelRequestExample],
  FulfillRequest: [fulfillRequestExample],
  SubmitRequest: [submitRequestExample],
} as const;
