import { claimQuoteExample, depositActionExample, redeemAsyncActionExample } from './actions';
import { TX, UPDATED_AT, WALLET } from './fixtures';
import { cancelQuoteExample, fulfillQuoteExample, redeemInstantQuoteExample } from './quotes';

/** Partner actions of the kinds the schema examples leave out, each just created with one step to sign. */

interface Quote {
  action: string;
  tx: unknown;
  receiver?: string;
}

function createdAction(id: string, quote: Quote, title: string, request: Record<string, unknown>) {
  return {
    ...redeemAsyncActionExample,
    id,
    action: quote.action,
    status: 'created',
    receiver: quote.receiver ?? null,
    redeemId: typeof request.id === 'string' ? request.id : null,
    txHash: null,
    request,
    quote,
    steps: [
      {
        id: quote.action,
        kind: quote.action,
        status: 'requires_signature',
        title,
        tx: quote.tx,
        refreshQuoteAfterConfirm: false,
      },
    ],
    indexedAt: null,
    receiptBlockNumber: null,
    idempotentReplay: false,
    timestamps: { createdAt: UPDATED_AT, updatedAt: UPDATED_AT },
  };
}

export const redeemInstantActionExample = createdAction(
  '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  redeemInstantQuoteExample,
  'Redeem 500 shares instantly',
  { sharesRaw: '500000000000000', account: WALLET, slippageBps: 50 },
);

export const claimActionExample = createdAction(
  '2a3b4c5d-6e7f-4081-9a2b-3c4d5e6f7a8b',
  claimQuoteExample,
  'Claim 525 USDC of redemption 6',
  { id: '6', account: WALLET, receiver: WALLET, receiveChainId: 42161 },
);

export const cancelActionExample = createdAction(
  '3b4c5d6e-7f80-4192-8b3c-4d5e6f7a8b9c',
  cancelQuoteExample,
  'Cancel redemption 7',
  { id: '7', account: WALLET },
);

export const fulfillActionExample = createdAction(
  '4c5d6e7f-8091-42a3-9c4d-5e6f7a8b9cad',
  fulfillQuoteExample,
  'Fulfil redemption 7',
  { id: '7' },
);

/** The deposit after its final transaction was submitted. */
export const submittedDepositActionExample = {
  ...depositActionExample,
  status: 'submitted',
  txHash: TX.deposit,
  steps: depositActionExample.steps.map((step) => ({
    ...step,
    status: step.kind === 'approval' ? 'confirmed' : 'submitted',
  })),
  timestamps: { createdAt: UPDATED_AT, updatedAt: '2025-06-01T12:00:20.000Z' },
};
