import type { ActionKind, ActionStep, PartnerActionStatus, StoredActionQuote } from '@yv/schemas';

/**
 * A partner action: a partner_actions row with its JSON columns parsed (partnerActionOf). Kinds, statuses and steps
 * are the spec's shapes; packages/domain owns their rules.
 */
export interface PartnerActionRow {
  id: string;
  partnerId: string;
  idempotencyKey: string;
  requestFingerprint: string;
  responseStatus: number;
  action: ActionKind;
  status: PartnerActionStatus;
  wallet: string;
  receiver: string | null;
  redeemId: string | null;
  txHash: string | null;
  request: Record<string, unknown>;
  quote: StoredActionQuote;
  steps: ActionStep[];
  funding: Record<string, unknown> | null;
  lastError: Record<string, unknown> | null;
  indexingPending: boolean;
  indexedAt: Date | null;
  /** bigint column, read as a decimal string. */
  receiptBlockNumber: string | null;
  receiveChainId: number | null;
  expiresAt: Date | null;
  submittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewPartnerAction = Pick<
  PartnerActionRow,
  | 'id'
  | 'partnerId'
  | 'idempotencyKey'
  | 'requestFingerprint'
  | 'responseStatus'
  | 'action'
  | 'status'
  | 'wallet'
  | 'receiver'
  | 'redeemId'
  | 'request'
  | 'quote'
  | 'steps'
  | 'funding'
  | 'receiveChainId'
  | 'expiresAt'
>;

/** The columns a transition may change; absent keys stay as they are. */
export type PartnerActionChanges = Partial<
  Pick<
    PartnerActionRow,
    | 'status'
    | 'txHash'
    | 'submittedAt'
    | 'steps'
    | 'lastError'
    | 'indexingPending'
    | 'indexedAt'
    | 'receiptBlockNumber'
    | 'redeemId'
  >
>;
