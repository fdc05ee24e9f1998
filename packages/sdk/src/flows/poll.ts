import type { PartnerAction, PartnerActionStatus, Redeem } from './api';
import { sleep, type FlowContext } from './context';
import { FlowStoppedError } from './errors';

/**
 * Where a flow stops polling an action of each kind. Terminal are indexed, claimed, cancelled and failed; a queued
 * redemption also stops at waiting_for_keeper (waiting for the keeper is not a failure) or claimable.
 */
export function settledStatuses(kind: PartnerAction['action']): readonly PartnerActionStatus[] {
  return kind === 'redeem_async'
    ? ['waiting_for_keeper', 'claimable', 'claimed', 'cancelled', 'failed']
    : ['indexed', 'claimed', 'cancelled', 'failed'];
}

/**
 * Polls GET /partner/actions/{id} until its status is one of `until`: that action is returned, except a failed
 * one, which stops the flow with `action_failed` (its lastError in the context).
 */
export async function pollAction(
  ctx: FlowContext,
  actionId: string,
  until: readonly PartnerActionStatus[],
): Promise<PartnerAction> {
  const deadline = Date.now() + ctx.timing.pollTimeoutMs;
  for (;;) {
    const action = await ctx.api.getAction(actionId);
    ctx.progress({ stage: 'polled', actionId, status: action.status });
    if (action.status === 'failed')
      throw new FlowStoppedError('action_failed', `action ${actionId} failed`, {
        actionId,
        txHash: action.txHash ?? undefined,
        context: { lastError: action.lastError },
      });
    if (until.includes(action.status)) {
      ctx.progress({ stage: 'terminal', action });
      return action;
    }
    if (Date.now() >= deadline)
      throw new FlowStoppedError(
        'poll_timeout',
        `action ${actionId} is still ${action.status} after ${ctx.timing.pollTimeoutMs} ms; poll it again later`,
        { actionId, txHash: action.txHash ?? undefined, context: { status: action.status } },
      );
    await sleep(ctx.timing.pollIntervalMs);
  }
}

/**
 * Polls the wallet's redemption record until its status is one of `until`. The records are the truth for pending
 * and claimable redemptions (withdrawal rule 1); they may trail the action by the gateway's read cache.
 */
export async function pollRedemption(
  ctx: FlowContext,
  redeemId: string,
  until: readonly Redeem['status'][],
): Promise<Redeem> {
  const deadline = Date.now() + ctx.timing.pollTimeoutMs;
  for (;;) {
    const record = await ctx.api.findRedemption(ctx.account, redeemId);
    ctx.progress({ stage: 'redemption_polled', redeemId, status: record?.status ?? null });
    if (record && until.includes(record.status)) return record;
    if (Date.now() >= deadline)
      throw new FlowStoppedError(
        'poll_timeout',
        `redemption ${redeemId} is ${record ? record.status : 'not listed'} after ${ctx.timing.pollTimeoutMs} ms, not ${until.join(' or ')}`,
        { context: { redeemId, status: record?.status ?? null } },
      );
    await sleep(ctx.timing.pollIntervalMs);
  }
}
