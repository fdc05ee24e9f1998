import { sameAddress } from './address';
import type { PartnerAction } from './api';
import type { FlowContext } from './context';
import { readAllowance } from './erc20';
import { FlowStoppedError } from './errors';
import { runAction, type RefreshAfterApproval } from './run-action';
import { readState } from './state';

export interface DepositParams {
  /** USDC to deposit, in its smallest unit (6 decimals). */
  amount: bigint;
  /** Who receives the shares; default the wallet's account. */
  receiver?: string;
  /** Default 50, as the integration rules use. */
  slippageBps?: number;
}

export interface DepositResult {
  /** The deposit action that was signed, submitted and settled (`indexed`). */
  action: PartnerAction;
  /** The approval sent first, when the first action asked for one; that action is left unsigned. */
  approvalTxHash: string | null;
}

/**
 * Deposit rule 1: settlement-chain USDC must already be in the account; a bridge comes before, not during. The stop
 * also names the account's deposit limit when the amount is above it too, so fixing the balance is not the only fix.
 */
async function requireFunds(ctx: FlowContext, amount: bigint, receiver: string): Promise<void> {
  const { position } = await readState(ctx, ['position']);
  const balance = BigInt(position.balances.usdc.raw);
  if (balance >= amount) return;
  // Bootstrap reads the account's own limit: it is the receiver's only when the account receives the shares.
  const maxDeposit = sameAddress(receiver, ctx.account) ? BigInt(position.limits.maxDeposit.raw) : null;
  const overLimit =
    maxDeposit !== null && amount > maxDeposit
      ? `; ${amount} is also above the account's deposit limit of ${maxDeposit} (maxDeposit)`
      : '';
  throw new FlowStoppedError(
    'insufficient_funds',
    `${ctx.account} holds ${balance} USDC (raw) on the settlement chain, less than ${amount}: bridge it in first${overLimit}`,
    { context: { balance, amount, maxDeposit } },
  );
}

/**
 * Deposit rules 2 to 6: create the action, sign its steps in order; after an approval that asks for a refresh,
 * check the deposit pipe's allowance, create a fresh action with a new key (stop if it still wants an approval),
 * sign its deposit, verify the receipt, submit and poll.
 */
export async function deposit(ctx: FlowContext, params: DepositParams): Promise<DepositResult> {
  const { amount } = params;
  const receiver = params.receiver ?? ctx.account;
  await requireFunds(ctx, amount, receiver);
  const body = {
    amountRaw: amount.toString(),
    account: ctx.account,
    receiver,
    slippageBps: params.slippageBps ?? 50,
  };
  const create = () => ctx.api.createAction('deposit', body, { idempotencyKey: ctx.newKey() });
  let approvalTxHash: string | null = null;

  const refresh: RefreshAfterApproval = async (action, approval) => {
    approvalTxHash = approval.hash;
    const { asset, depositPipe } = action.metadata.addresses;
    const allowance = await readAllowance(ctx, asset, ctx.account, depositPipe);
    ctx.progress({ stage: 'approval_confirmed', actionId: action.id, txHash: approval.hash, allowance });
    if (allowance < amount)
      throw new FlowStoppedError(
        'allowance_short',
        `the deposit pipe may take ${allowance}, less than ${amount}`,
        {
          actionId: action.id,
          txHash: approval.hash,
          context: { allowance, amount, spender: depositPipe },
        },
      );
    const fresh = await create();
    ctx.progress({ stage: 'refreshed', replacedActionId: action.id, action: fresh });
    if (fresh.steps.some((step) => step.kind === 'approval'))
      throw new FlowStoppedError(
        'approval_pending',
        `the fresh action ${fresh.id} still asks for an approval`,
        { actionId: fresh.id, txHash: approval.hash },
      );
    return fresh;
  };

  const created = await create();
  ctx.progress({ stage: 'created', action: created });
  const action = await runAction(ctx, created, refresh);
  return { action, approvalTxHash };
}
