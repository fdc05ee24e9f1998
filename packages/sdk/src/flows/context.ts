import type { FlowApi, PartnerAction, PartnerActionStatus, PartnerActionStep, Redeem } from './api';
import type { FlowWallet } from './wallet';

type StepKind = PartnerActionStep['kind'];

/** What a flow is doing, in order, for a UI or a log. Amounts are bigint. */
export type FlowProgress =
  | { stage: 'created'; action: PartnerAction }
  | { stage: 'simulated'; actionId: string; step: StepKind }
  | { stage: 'signature_requested'; actionId: string; step: StepKind }
  | { stage: 'sent'; actionId: string; step: StepKind; txHash: string }
  | { stage: 'receipt_verified'; actionId: string; step: StepKind; txHash: string; blockNumber: bigint }
  | { stage: 'approval_confirmed'; actionId: string; txHash: string; allowance: bigint }
  | { stage: 'refreshed'; replacedActionId: string; action: PartnerAction }
  | { stage: 'submitted'; action: PartnerAction }
  | { stage: 'polled'; actionId: string; status: PartnerActionStatus }
  | { stage: 'redemption_polled'; redeemId: string; status: Redeem['status'] | null }
  | { stage: 'terminal'; action: PartnerAction };

export interface FlowTiming {
  /** Wait between polls of GET /partner/actions/{id}, in ms. Default 2000. */
  pollIntervalMs?: number;
  /** How long to poll before stopping with `poll_timeout`, in ms. Default 600000 (10 minutes). */
  pollTimeoutMs?: number;
  /** Wait between receipt reads, in ms. Default 1000. */
  receiptPollIntervalMs?: number;
  /** How long to wait for a sent transaction's receipt before `receipt_timeout`, in ms. Default 180000. */
  receiptTimeoutMs?: number;
}

export interface FlowSettings extends FlowTiming {
  /** Called at each stage; an exception it throws stops the flow. */
  onProgress?: (event: FlowProgress) => void;
  /** A new Idempotency-Key for each created action (8 to 160 characters). Default crypto.randomUUID. */
  newIdempotencyKey?: () => string;
}

/** One flow run: the API, the wallet and its resolved account, the timing with defaults applied. */
export interface FlowContext {
  api: FlowApi;
  wallet: FlowWallet;
  account: string;
  timing: Required<FlowTiming>;
  progress(event: FlowProgress): void;
  newKey(): string;
}

const DEFAULT_TIMING: Required<FlowTiming> = {
  pollIntervalMs: 2_000,
  pollTimeoutMs: 600_000,
  receiptPollIntervalMs: 1_000,
  receiptTimeoutMs: 180_000,
};

export async function flowContext(
  api: FlowApi,
  wallet: FlowWallet,
  settings: FlowSettings,
): Promise<FlowContext> {
  const timing: Required<FlowTiming> = {
    pollIntervalMs: settings.pollIntervalMs ?? DEFAULT_TIMING.pollIntervalMs,
    pollTimeoutMs: settings.pollTimeoutMs ?? DEFAULT_TIMING.pollTimeoutMs,
    receiptPollIntervalMs: settings.receiptPollIntervalMs ?? DEFAULT_TIMING.receiptPollIntervalMs,
    receiptTimeoutMs: settings.receiptTimeoutMs ?? DEFAULT_TIMING.receiptTimeoutMs,
  };
  return {
    api,
    wallet,
    account: await wallet.getAddress(),
    timing,
    progress: (event) => settings.onProgress?.(event),
    newKey: settings.newIdempotencyKey ?? (() => globalThis.crypto.randomUUID()),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
