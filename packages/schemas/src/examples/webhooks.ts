import { depositActionExample } from './actions';
import { UPDATED_AT } from './fixtures';
import { claimableRedeemExample } from './wallet';

/** Webhook bodies and the cron retry's result. */

export const actionUpdatedEventExample = {
  type: 'action.updated',
  timestamp: UPDATED_AT,
  sequence: 3,
  data: depositActionExample,
};
export const redeemUpdatedEventExample = {
  type: 'redeem.updated',
  timestamp: UPDATED_AT,
  sequence: 2,
  data: claimableRedeemExample,
};
export const webhookTestEventExample = {
  type: 'webhook.test',
  timestamp: UPDATED_AT,
  sequence: 1,
  data: { partnerId: '8e1f2a3b-4c5d-4e6f-9a0b-1c2d3e4f5a6b', message: 'A test event: nothing changed.' },
};
export const webhookRetryResultExample = { checked: 3, sent: 2, failed: 1, maxAttempts: 8 };
