import type { Bootstrap, PartnerAction, Redeem } from './api';
import { requireBridge } from './bridge';
import type { FlowContext } from './context';
import { FlowStoppedError } from './errors';
import { pollRedemption } from './poll';
import { runAction } from './run-action';
import { readState } from './state';

/** `auto` chooses by the instant liquidity; `instant` and `queued` force an exit. */
export type WithdrawMode = 'auto' | 'instant' | 'queued';

export interface WithdrawParams {
  /** Vault shares to redeem, in their smallest unit. */
  shares: bigint;
  /**
   * Default `auto`: instant when the instant liquidity covers the shares' value, queued otherwise. `instant` stops
   * with `instant_unavailable` rather than queue; `queued` always requests a queued redemption (redeem-async).
   */
  mode?: WithdrawMode;
  /** Who receives the USDC of an instant redemption; default the account (a queued one names it at claim). */
  receiver?: string;
  /** The chain the USDC should finally arrive on; default 999. Persist it for the claim of a queued redemption. */
  receiveChainId?: number;
  /** Default 50. */
  slippageBps?: number;
}

export type WithdrawResult =
  | { mode: 'instant'; action: PartnerAction }
  | {
      /** Queued: waiting for the keeper is not a failure. Claim once the redemption is claimable. */
      mode: 'queued';
      action: PartnerAction;
      /** The wallet's record of the queued redemption, already listed: claim or cancel it by its `id`. */
      redemption: Redeem;
      /** The receiveChainId of the request, to pass again to the claim. */
      receiveChainId: number;
    };

type Vault = NonNullable<Bootstrap['vault']>;
type Position = NonNullable<Bootstrap['position']>;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * Whether the vault's instant liquidity covers the shares' value, rounded up so a borderline amount goes to the queue
 * rather than to a revert.
 */
function instantCovers(vault: Vault, shares: bigint): boolean {
  if (!vault.capabilities.instantRedeem) return false;
  const value = ceilDiv(shares * BigInt(vault.analytics.sharePrice.raw), 10n ** BigInt(vault.share.decimals));
  return value <= BigInt(vault.liquidity.instantRedeemCapacity.raw);
}

/**
 * Withdrawal rule 2: instant when the vault's instant liquidity covers the shares' value, otherwise queued. A forced
 * `mode` overrides the choice; an `instant` one that is not covered stops rather than queue.
 */
export function chooseExit(
  vault: Vault,
  position: Position,
  shares: bigint,
  mode: WithdrawMode = 'auto',
): 'instant' | 'queued' {
  const free = BigInt(position.balances.shares.raw);
  if (free < shares)
    throw new FlowStoppedError(
      'insufficient_shares',
      `${position.wallet} holds ${free} shares, less than ${shares}`,
      { context: { free, shares } },
    );
  if (mode === 'queued') return 'queued';
  if (instantCovers(vault, shares)) return 'instant';
  if (mode === 'auto') return 'queued';
  const capacity = BigInt(vault.liquidity.instantRedeemCapacity.raw);
  throw new FlowStoppedError(
    'instant_unavailable',
    vault.capabilities.instantRedeem
      ? `the vault's instant liquidity of ${capacity} USDC (raw) does not cover ${shares} shares: withdraw with mode 'queued' or 'auto', or fewer shares`
      : `the vault offers no instant redemption now: withdraw with mode 'queued' or 'auto'`,
    { context: { shares, capacity, instantRedeem: vault.capabilities.instantRedeem } },
  );
}

/**
 * The withdrawal lifecycle's rules 1, 2, 4 and 5: decide on the bootstrap's position and liquidity (or the forced
 * mode), create the instant or queued redemption, simulate, sign, verify the receipt against the redemption pipe,
 * submit and poll.
 */
export async function withdraw(ctx: FlowContext, params: WithdrawParams): Promise<WithdrawResult> {
  const { vault, position } = await readState(ctx, ['vault', 'position']);
  const receiveChainId = params.receiveChainId ?? vault.product.chainId;
  const common = {
    sharesRaw: params.shares.toString(),
    account: ctx.account,
    slippageBps: params.slippageBps ?? 50,
    receiveChainId,
  };
  const key = { idempotencyKey: ctx.newKey() };
  if (chooseExit(vault, position, params.shares, params.mode) === 'instant') {
    const body = { ...common, receiver: params.receiver ?? ctx.account };
    const created = await ctx.api.createAction('redeem-instant', body, key);
    ctx.progress({ stage: 'created', action: created });
    requireBridge(created, receiveChainId);
    return { mode: 'instant', action: await runAction(ctx, created) };
  }
  const created = await ctx.api.createAction('redeem-async', common, key);
  ctx.progress({ stage: 'created', action: created });
  const action = await runAction(ctx, created);
  if (action.redeemId === null)
    throw new FlowStoppedError(
      'state_unavailable',
      `action ${action.id} is ${action.status} without a redeemId`,
      { actionId: action.id },
    );
  // Returned once the record is listed, so a claim or cancel right after sees it (reads trail actions slightly).
  const redemption = await pollRedemption(ctx, action.redeemId, [
    'pending',
    'claimable',
    'claimed',
    'cancelled',
  ]);
  return { mode: 'queued', action, redemption, receiveChainId };
}
