import type { ActionKind, PartnerActionStatus } from '@yv/schemas';

/** A partner_actions row. Kinds and statuses are the spec's enums; packages/domain owns their rules. */
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
  quote: Record<string, unknown>;
  steps: object[];
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
