import type { JsonRpcProvider } from 'ethers';
import { findPartnerAction, isUniqueViolation, type PartnerActionRow, type Pool } from '@yv/db';
import {
  acceptsSubmit,
  ApiError,
  finalStep,
  withFinalStepStatus,
  type ActionDeployment,
  type SentTransaction,
} from '@yv/domain';
import type { ActionWriter } from '@yv/actions';
import { readSentTransaction } from './chain-tx';
import { finalStepMismatch } from './verify';

export interface SubmitResult {
  row: PartnerActionRow;
  /** The same hash was already attached: nothing changed. */
  replay: boolean;
}

/**
 * Conflicts of a submit are 409 IDEMPOTENCY_CONFLICT (the error table has no dedicated code): the action already carries
 * another hash, it is past the point of accepting one, or the transaction is not its final step.
 */
function conflict(message: string): ApiError {
  return new ApiError('IDEMPOTENCY_CONFLICT', message);
}

function checkSubmittable(row: PartnerActionRow, hash: string): 'replay' | 'submit' {
  if (row.txHash === hash) return 'replay';
  if (row.txHash)
    throw conflict(
      `action ${row.id} was already submitted with ${row.txHash}; to send another transaction create a new action`,
    );
  if (!acceptsSubmit(row.status))
    throw conflict(
      `action ${row.id} is ${row.status}; only created or requires_signature actions accept a submit`,
    );
  return 'submit';
}

function isTxHashTaken(error: unknown): boolean {
  return (
    isUniqueViolation(error) &&
    (error as { constraint?: string }).constraint === 'partner_actions_tx_hash_key'
  );
}

/**
 * The submitted transaction as the node knows it, mined or pending. A hash it does not know (mistyped, or sent
 * elsewhere) is refused rather than attached: attached, it would hold the action until the drop window ends and
 * refuse the real hash meanwhile.
 */
async function knownTransaction(
  provider: JsonRpcProvider,
  chainId: number,
  hash: string,
): Promise<SentTransaction> {
  const sent = await readSentTransaction(provider, hash);
  if (sent) return sent;
  throw new ApiError(
    'BAD_ACTION_REQUEST',
    `${hash} is not known on chain ${chainId}, neither mined nor pending; send the final step, wait for its receipt, then submit that hash (the action is unchanged)`,
  );
}

/**
 * Attaches the final transaction's hash. The transaction must be known to the node and be exactly the final step,
 * sent by the action's wallet, or the action is left unchanged; its receipt is then followed by the tracker.
 */
export async function submitAction(
  deps: {
    pool: Pool;
    writer: ActionWriter;
    provider: JsonRpcProvider;
    deployment: ActionDeployment;
    follow: (actionId: string, requestId: string) => Promise<void>;
  },
  /** `requestId`: the submitting request's, carried by the receipt job into its log lines. */
  request: { partnerId: string; actionId: string; txHash: string; requestId: string },
): Promise<SubmitResult> {
  const hash = request.txHash.toLowerCase();
  const row = await findPartnerAction(deps.pool, request.partnerId, request.actionId);
  if (!row) throw new ApiError('PARTNER_ACTION_NOT_FOUND', `no action ${request.actionId} for this partner`);
  if (checkSubmittable(row, hash) === 'replay') return { row, replay: true };

  const sent = await knownTransaction(deps.provider, deps.deployment.chainId, hash);
  const mismatch = finalStepMismatch(row, sent);
  if (mismatch) {
    const kind = finalStep(row.steps).kind;
    throw conflict(`${hash} is not this action's ${kind} transaction: ${mismatch}`);
  }

  let outcome;
  try {
    outcome = await deps.writer.change(row.id, (current) => {
      if (checkSubmittable(current, hash) === 'replay') return null;
      return {
        status: 'submitted',
        txHash: hash,
        submittedAt: new Date(),
        steps: withFinalStepStatus(current.steps, 'submitted'),
      };
    });
  } catch (error) {
    if (isTxHashTaken(error)) throw conflict(`${hash} was already submitted for another action`);
    throw error;
  }
  if (!outcome)
    throw new ApiError('PARTNER_ACTION_NOT_FOUND', `no action ${request.actionId} for this partner`);
  if (outcome.changed) await deps.follow(outcome.row.id, request.requestId);
  return { row: outcome.row, replay: !outcome.changed };
}
