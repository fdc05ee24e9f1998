import type { JsonRpcProvider } from 'ethers';
import type { Logger } from 'pino';
import { listUnsignedApprovalDeposits, type PartnerActionRow, type Pool } from '@yv/db';
import { hasApprovalStep, supersededChanges, unsignedApproval, type ApprovalRequirement } from '@yv/domain';
import type { ActionWriter } from '@yv/actions';
import { readAllowance } from './chain-tx';

/** More unsigned approval deposits than this for one wallet are left to the expiry sweep. */
const SUPERSEDE_BATCH = 20;

const allowanceKey = (requirement: ApprovalRequirement): string =>
  `${requirement.token.toLowerCase()}:${requirement.spender.toLowerCase()}`;

/** The wallet's allowance at each token and spender the actions' approvals name, read once per pair. */
async function readAllowances(
  provider: JsonRpcProvider,
  wallet: string,
  rows: PartnerActionRow[],
): Promise<Map<string, bigint>> {
  const pairs = new Map<string, ApprovalRequirement>();
  for (const row of rows) {
    const requirement = unsignedApproval(row);
    if (requirement) pairs.set(allowanceKey(requirement), requirement);
  }
  const entries = await Promise.all(
    [...pairs].map(
      async ([key, { token, spender }]) =>
        [key, await readAllowance(provider, token, wallet, spender)] as const,
    ),
  );
  return new Map(entries);
}

/**
 * docs/design.md#partner-action-states: a new deposit action that needs no approval is the fresh action of
 * integration rule 4, so the partner's earlier unsigned deposits of the same wallet and amount whose approval the
 * chain now covers end `cancelled` (SUPERSEDED) rather than expire as failures. The allowance is read before any
 * row lock; each change is the ActionWriter's, re-decided under the lock, so one submitted meanwhile is left alone.
 * @returns how many actions were superseded.
 */
export async function supersedeEarlierDeposits(
  deps: { pool: Pool; writer: ActionWriter; provider: JsonRpcProvider },
  fresh: PartnerActionRow,
): Promise<number> {
  if (fresh.action !== 'deposit' || hasApprovalStep(fresh.steps)) return 0;
  const earlier = await listUnsignedApprovalDeposits(deps.pool, {
    partnerId: fresh.partnerId,
    wallet: fresh.wallet,
    exceptId: fresh.id,
    limit: SUPERSEDE_BATCH,
  });
  if (earlier.length === 0) return 0;
  const allowances = await readAllowances(deps.provider, fresh.wallet, earlier);
  let superseded = 0;
  for (const row of earlier) {
    const requirement = unsignedApproval(row);
    const allowance = requirement ? allowances.get(allowanceKey(requirement)) : undefined;
    if (allowance === undefined) continue;
    const outcome = await deps.writer.change(row.id, (current) =>
      supersededChanges(current, fresh, allowance),
    );
    if (outcome?.changed) superseded += 1;
  }
  return superseded;
}

/**
 * The creation's side of superseding: the fresh action is created whatever happens here, so a failed chain or
 * database read is logged, and the earlier action is left to the expiry sweep.
 */
export function supersedeAfterCreate(
  deps: { pool: Pool; writer: ActionWriter; provider: JsonRpcProvider; log: Logger },
  fresh: PartnerActionRow,
): Promise<void> {
  return supersedeEarlierDeposits(deps, fresh).then(
    () => undefined,
    (error: unknown) =>
      deps.log.warn({ err: error, actionId: fresh.id }, 'earlier deposit actions could not be superseded'),
  );
}
