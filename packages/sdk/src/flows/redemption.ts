import type { PartnerAction, Redeem } from './api';
import { requireBridge } from './bridge';
import type { FlowContext } from './context';
import { FlowStoppedError, type FlowStopReason, type RedemptionStatus } from './errors';
import { runAction } from './run-action';

export interface ClaimParams {
  redeemId: string;
  /** Who receives the USDC; default the account. */
  receiver?: string;
  /** The receiveChainId the queued redemption was requested with (WithdrawResult.receiveChainId); default 999. */
  receiveChainId?: number;
}

export interface CancelParams {
  redeemId: string;
}

/**
 * Why a claim (which needs `claimable`) or a cancel (which needs `pending`) cannot go on, by what the wallet's records
 * show: each status its own next step, since a redemption not indexed yet calls for waiting and a claimed one not.
 */
function refusal(redeemId: string, account: string, seen: RedemptionStatus): string {
  const it = `redemption ${redeemId}`;
  switch (seen) {
    case 'unknown':
      return `${it} is unknown: it is not among the redemptions of ${account}; one just requested may not be indexed yet (wait with waitForRedemption or retry shortly), or it belongs to another wallet`;
    case 'pending':
      return `${it} is still pending: the keeper has not fulfilled it yet; wait until it is claimable (waitForRedemption) before claiming`;
    case 'claimable':
      return `${it} is already fulfilled and claimable, so it can no longer be cancelled: claim it instead`;
    case 'claimed':
      return `${it} is already claimed: its USDC was paid out`;
    case 'cancelled':
      return `${it} is already cancelled: its shares went back to ${account}`;
  }
}

/** Withdrawal rule 6: act on a redemption only in the status its action needs, by the wallet's own records. */
async function requireRedemption(
  ctx: FlowContext,
  redeemId: string,
  action: 'claim' | 'cancel',
): Promise<void> {
  const [status, reason]: [Redeem['status'], FlowStopReason] =
    action === 'claim' ? ['claimable', 'not_claimable'] : ['pending', 'not_cancellable'];
  const record = await ctx.api.findRedemption(ctx.account, redeemId);
  if (record?.status === status) return;
  const seen = record?.status ?? 'unknown';
  throw new FlowStoppedError(reason, refusal(redeemId, ctx.account, seen), {
    redemptionStatus: seen,
    context: { redeemId },
  });
}

/** Claims a claimable redemption: claim action, simulated, signed, receipt verified, submitted, polled. */
export async function claim(ctx: FlowContext, params: ClaimParams): Promise<PartnerAction> {
  await requireRedemption(ctx, params.redeemId, 'claim');
  const body = {
    id: params.redeemId,
    account: ctx.account,
    receiver: params.receiver ?? ctx.account,
    ...(params.receiveChainId === undefined ? {} : { receiveChainId: params.receiveChainId }),
  };
  const created = await ctx.api.createAction('claim', body, { idempotencyKey: ctx.newKey() });
  ctx.progress({ stage: 'created', action: created });
  requireBridge(created, params.receiveChainId ?? created.metadata.chainId);
  return runAction(ctx, created);
}

/** Cancels a pending redemption (its shares go back to the account) the same way. */
export async function cancel(ctx: FlowContext, params: CancelParams): Promise<PartnerAction> {
  await requireRedemption(ctx, params.redeemId, 'cancel');
  const body = { id: params.redeemId, account: ctx.account };
  const created = await ctx.api.createAction('cancel', body, { idempotencyKey: ctx.newKey() });
  ctx.progress({ stage: 'created', action: created });
  return runAction(ctx, created);
}
