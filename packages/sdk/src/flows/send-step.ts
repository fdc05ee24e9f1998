import { sameAddress } from './address';
import type { PartnerAction, PartnerActionStep } from './api';
import type { FlowContext } from './context';
import { FlowStoppedError } from './errors';
import { verifyReceipt, waitForReceipt } from './receipt';
import { isUserRejection, type ReceiptSummary, type TxRequest } from './wallet';

/**
 * The contract a step must call, from the action's metadata, so either contract layout works unseen: USDC for an
 * approval, the deposit pipe for a deposit, the redemption pipe for every redemption step.
 */
export function expectedTarget(action: PartnerAction, step: PartnerActionStep): string {
  const addresses = action.metadata.addresses;
  if (step.kind === 'approval') return addresses.asset;
  if (step.kind === 'deposit') return addresses.depositPipe;
  return addresses.redemptionPipe;
}

async function checkChain(ctx: FlowContext, action: PartnerAction, tx: TxRequest): Promise<void> {
  const walletChain = await ctx.wallet.getChainId();
  if (tx.chainId === action.metadata.chainId && walletChain === tx.chainId) return;
  throw new FlowStoppedError(
    'wrong_chain',
    `the step is for chain ${tx.chainId}, the action settles on ${action.metadata.chainId} and the wallet is on ${walletChain}: switch the wallet to chain ${action.metadata.chainId}`,
    { actionId: action.id, context: { stepChainId: tx.chainId, walletChainId: walletChain } },
  );
}

/** Withdrawal rule 4 (for every step): a transaction that reverts now is never shown to the wallet. */
async function simulate(ctx: FlowContext, action: PartnerAction, tx: TxRequest): Promise<void> {
  const outcome = await ctx.wallet.call({ from: ctx.account, to: tx.to, data: tx.data, value: tx.value });
  if (outcome.ok) return;
  throw new FlowStoppedError(
    'simulation_reverted',
    `the transaction reverts at the latest block: ${outcome.revert}`,
    { actionId: action.id, context: { to: tx.to, revert: outcome.revert } },
  );
}

/**
 * One step, as the rules order it: right chain and target, simulated, signed, its receipt awaited and verified.
 * @returns the verified receipt.
 */
export async function sendStep(
  ctx: FlowContext,
  action: PartnerAction,
  step: PartnerActionStep & { tx: TxRequest },
): Promise<ReceiptSummary> {
  const { tx } = step;
  const target = expectedTarget(action, step);
  await checkChain(ctx, action, tx);
  if (!sameAddress(tx.to, target))
    throw new FlowStoppedError('wrong_target', `the ${step.kind} step calls ${tx.to}, not ${target}`, {
      actionId: action.id,
      context: { to: tx.to, expected: target },
    });
  await simulate(ctx, action, tx);
  ctx.progress({ stage: 'simulated', actionId: action.id, step: step.kind });
  ctx.progress({ stage: 'signature_requested', actionId: action.id, step: step.kind });
  const hash = await ctx.wallet.sendTransaction(tx).catch((error: unknown) => {
    throw isUserRejection(error)
      ? new FlowStoppedError(
          'signature_rejected',
          `the ${step.kind} transaction was rejected in the wallet`,
          {
            actionId: action.id,
          },
        )
      : error;
  });
  ctx.progress({ stage: 'sent', actionId: action.id, step: step.kind, txHash: hash });
  const receipt = await waitForReceipt(ctx, hash, action.id);
  verifyReceipt(receipt, target, action.id);
  ctx.progress({
    stage: 'receipt_verified',
    actionId: action.id,
    step: step.kind,
    txHash: receipt.hash,
    blockNumber: receipt.blockNumber,
  });
  return receipt;
}
