import type { PartnerAction, Redeem } from './api';
import { requireBridge } from './bridge';
import type { FlowContext } from './context';
import { FlowStoppedError, type FlowStopReason } from './errors';
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

/** Withdrawal rule 6: act on a redemption only in the status its action needs, by the wallet's own records. */
async function requireRedemption(
  ctx: FlowContext,
  redeemId: string,
  status: Redeem['status'],
  reason: FlowStopReason,
): Promise<void> {
  const record = await ctx.api.findRedemption(ctx.account, redeemId);
  if (record?.status === status) return;
  const seen = record ? `is ${record.status}` : `is not among the redemptions of ${ctx.account}`;
  throw new FlowStoppedError(reason, `redemption ${redeemId} ${seen}, not ${status}`, {
    context: { redeemId, status: record?.status ?? null },
  });
}

/** Claims a claimable redemption: claim action, simulated, signed, receipt verified, submitted, polled. */
export async function claim(ctx: FlowContext, params: ClaimParams): Promise<PartnerAction> {
  await requireRedemption(ctx, params.redeemId, 'claimable', 'not_claimable');
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
  await requireRedemption(ctx, params.redeemId, 'pending', 'not_cancellable');
  const body = { id: params.redeemId, account: ctx.account };
  const created = await ctx.api.createAction('cancel', body, { idempotencyKey: ctx.newKey() });
  ctx.progress({ stage: 'created', action: created });
  return runAction(ctx, created);
}
