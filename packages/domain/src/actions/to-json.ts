import type { ActionKind, ActionStep, PartnerActionStatus, StoredActionQuote } from '@yv/schemas';

/** The deployment fields an action shows (a `Deployment` from @yv/config fits). */
export interface ActionDeployment {
  contractVersion: 'svc-vault-v3' | 'svc-pipe-v2';
  chainId: number;
  contracts: { share: string; core: string; depositPipe: string; redemptionPipe: string; usdc: string };
}

/** The stored action as packages/db reads it (a `PartnerActionRow` fits). */
export interface StoredPartnerAction {
  id: string;
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
  receiptBlockNumber: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PartnerActionJson {
  id: string;
  action: ActionKind;
  status: PartnerActionStatus;
  wallet: string;
  receiver: string | null;
  redeemId: string | null;
  txHash: string | null;
  request: Record<string, unknown>;
  quote: StoredActionQuote;
  steps: ActionStep[];
  lastError: Record<string, unknown> | null;
  indexingPending: boolean;
  indexedAt: string | null;
  receiptBlockNumber: string | null;
  idempotentReplay: boolean;
  metadata: {
    contractVersion: ActionDeployment['contractVersion'];
    chainId: number;
    addresses: VaultAddresses;
    funding?: Record<string, unknown>;
  };
  contractVersion: ActionDeployment['contractVersion'];
  addresses: VaultAddresses;
  timestamps: { createdAt: string; updatedAt: string };
}

export interface VaultAddresses {
  share: string;
  core: string;
  depositPipe: string;
  redemptionPipe: string;
  asset: string;
}

export function vaultAddresses(deployment: ActionDeployment): VaultAddresses {
  const { share, core, depositPipe, redemptionPipe, usdc } = deployment.contracts;
  return { share, core, depositPipe, redemptionPipe, asset: usdc };
}

/** The spec's PartnerAction: `contractVersion` and `addresses` both in `metadata` and at the top, as the spec lists them. */
export function toPartnerActionJson(
  row: StoredPartnerAction,
  deployment: ActionDeployment,
  idempotentReplay = false,
): PartnerActionJson {
  const addresses = vaultAddresses(deployment);
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    wallet: row.wallet,
    receiver: row.receiver,
    redeemId: row.redeemId,
    txHash: row.txHash,
    request: row.request,
    quote: row.quote,
    steps: row.steps,
    lastError: row.lastError,
    indexingPending: row.indexingPending,
    indexedAt: row.indexedAt?.toISOString() ?? null,
    receiptBlockNumber: row.receiptBlockNumber,
    idempotentReplay,
    metadata: {
      contractVersion: deployment.contractVersion,
      chainId: deployment.chainId,
      addresses,
      ...(row.funding ? { funding: row.funding } : {}),
    },
    contractVersion: deployment.contractVersion,
    addresses,
    timestamps: { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() },
  };
}
