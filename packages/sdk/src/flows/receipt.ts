import { sameAddress } from './address';
import { sleep, type FlowContext } from './context';
import { FlowStoppedError } from './errors';
import type { ReceiptSummary } from './wallet';

/** Reads the receipt of `hash` until it is mined; `receipt_timeout` after the context's receipt timeout. */
export async function waitForReceipt(
  ctx: FlowContext,
  hash: string,
  actionId: string,
): Promise<ReceiptSummary> {
  const deadline = Date.now() + ctx.timing.receiptTimeoutMs;
  for (;;) {
    const receipt = await ctx.wallet.getReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() >= deadline)
      throw new FlowStoppedError(
        'receipt_timeout',
        `no receipt for ${hash} within ${ctx.timing.receiptTimeoutMs} ms; it may still be mined: look it up before sending again`,
        { actionId, txHash: hash },
      );
    await sleep(ctx.timing.receiptPollIntervalMs);
  }
}

/**
 * Deposit rule 5 and withdrawal rule 5: only a successful receipt whose target is the address from the action's
 * metadata may be submitted.
 */
export function verifyReceipt(receipt: ReceiptSummary, target: string, actionId: string): void {
  const details = { actionId, txHash: receipt.hash, context: { to: receipt.to, expected: target } };
  if (!receipt.success)
    throw new FlowStoppedError(
      'receipt_failed',
      `${receipt.hash} reverted on chain: it is not submitted`,
      details,
    );
  if (!sameAddress(receipt.to, target))
    throw new FlowStoppedError(
      'wrong_target',
      `${receipt.hash} called ${receipt.to}, not ${target} from the action's metadata: it is not submitted`,
      details,
    );
}
