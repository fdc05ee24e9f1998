import type { JsonRpcProvider } from 'ethers';
import { findPartnerActionById, type PartnerActionChanges, type PartnerActionRow, type Pool } from '@yv/db';
import { withFinalStepStatus } from '@yv/domain';
import type { ActionWriter } from '@yv/actions';
import { readReceipt, readSentTransaction } from './chain-tx';
import { lastError, type ActionFailure } from './failures';
import { finalStepMismatch } from './verify';

export type FollowOutcome = 'settled' | 'pending';

export interface FollowDeps {
  pool: Pool;
  writer: ActionWriter;
  provider: JsonRpcProvider;
  /** How long a submitted hash may stay unseen or unmined before the action fails (ACTION_DROP_WINDOW). */
  dropWindowMs: number;
  now?: () => Date;
}

function failed(row: PartnerActionRow, code: ActionFailure, message: string): PartnerActionChanges {
  return {
    status: 'failed',
    lastError: lastError(code, message),
    steps: withFinalStepStatus(row.steps, 'failed'),
  };
}

/** Applies `changes` only if the action is still submitted with this hash (another worker may have moved it). */
async function settle(
  deps: FollowDeps,
  row: PartnerActionRow,
  changes: PartnerActionChanges,
): Promise<FollowOutcome> {
  await deps.writer.change(row.id, (current) =>
    current.status === 'submitted' && current.txHash === row.txHash ? changes : null,
  );
  return 'settled';
}

/**
 * One look at a submitted action's transaction: `confirmed` on a successful receipt (indexingPending, the receipt's
 * block), `failed` on a revert, on a transaction that is not the final step, or when nothing was mined within the
 * drop window; otherwise `pending`, to look again later.
 */
export async function followReceipt(deps: FollowDeps, actionId: string): Promise<FollowOutcome> {
  const row = await findPartnerActionById(deps.pool, actionId);
  if (!row || row.status !== 'submitted' || !row.txHash || !row.submittedAt) return 'settled';
  const hash = row.txHash;
  const now = deps.now?.() ?? new Date();
  const dropped = now.getTime() - row.submittedAt.getTime() > deps.dropWindowMs;
  const windowText = `${Math.round(deps.dropWindowMs / 1000)} s`;

  const sent = await readSentTransaction(deps.provider, hash);
  if (!sent) {
    return dropped
      ? settle(
          deps,
          row,
          failed(row, 'TX_DROPPED', `${hash} was not seen on chain within ${windowText} of the submit`),
        )
      : 'pending';
  }
  const mismatch = finalStepMismatch(row, sent);
  if (mismatch) return settle(deps, row, failed(row, 'TX_MISMATCH', mismatch));

  const receipt = await readReceipt(deps.provider, hash);
  if (!receipt) {
    return dropped
      ? settle(
          deps,
          row,
          failed(row, 'TX_DROPPED', `${hash} was not mined within ${windowText} of the submit`),
        )
      : 'pending';
  }
  if (receipt.status !== 1)
    return settle(deps, row, failed(row, 'TX_REVERTED', `${hash} reverted in block ${receipt.blockNumber}`));
  return settle(deps, row, {
    status: 'confirmed',
    receiptBlockNumber: String(receipt.blockNumber),
    indexingPending: true,
    steps: withFinalStepStatus(row.steps, 'confirmed'),
  });
}
