import type { JsonRpcProvider } from 'ethers';
import type { PartnerActionRow } from '@yv/db';
import type { ActionStep } from '@yv/domain';
import type { ActionWriter } from '@yv/actions';
import { readAllowance } from './chain-tx';

interface ApprovalRequirement {
  type: string;
  token: string;
  spender: string;
  amount: { raw: string };
}

function pendingApproval(row: PartnerActionRow): ApprovalRequirement | null {
  if (row.status !== 'created') return null;
  const steps = row.steps as ActionStep[];
  if (!steps.some((step) => step.kind === 'approval' && step.status === 'requires_signature')) return null;
  const requirements = (row.quote as { requirements?: ApprovalRequirement[] }).requirements ?? [];
  return requirements.find((requirement) => requirement.type === 'approval') ?? null;
}

/**
 * docs/design.md#partner-action-states: `created → requires_signature` once the approval step is seen confirmed, that is the allowance it
 * asked for now covers the amount (the approval step becomes `confirmed`, the final step still waits for its
 * signature). Partners submit only the final step's hash, so the gateway learns of the approval by reading the
 * allowance whenever such an action is read. The change is one transaction with its outbox row (the ActionWriter).
 * @returns the action as it is now.
 */
export async function noteApprovalConfirmed(
  deps: { writer: ActionWriter; provider: JsonRpcProvider },
  row: PartnerActionRow,
): Promise<PartnerActionRow> {
  const requirement = pendingApproval(row);
  if (!requirement) return row;
  const allowance = await readAllowance(deps.provider, requirement.token, row.wallet, requirement.spender);
  if (allowance < BigInt(requirement.amount.raw)) return row;
  const outcome = await deps.writer.change(row.id, (current) =>
    pendingApproval(current)
      ? {
          status: 'requires_signature',
          steps: (current.steps as ActionStep[]).map((step) =>
            step.kind === 'approval' ? { ...step, status: 'confirmed' as const } : step,
          ),
        }
      : null,
  );
  return outcome?.row ?? row;
}
