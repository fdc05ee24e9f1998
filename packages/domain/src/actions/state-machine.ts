import type { ActionKind, PartnerActionStatus } from '@yv/schemas';

/**
 * The partner-action state machine (docs/design.md#partner-action-states). `(new) → created` is the insert
 * itself; every other change goes through `transition`, called by the one writer (@yv/actions), so a status can
 * only move along these edges.
 */
const EDGES: Readonly<Record<PartnerActionStatus, readonly PartnerActionStatus[]>> = {
  created: ['submitted', 'cancelled', 'failed'],
  requires_signature: ['submitted', 'cancelled', 'failed'],
  submitted: ['confirmed', 'failed'],
  confirmed: ['indexed'],
  indexed: ['waiting_for_keeper'],
  waiting_for_keeper: ['claimable', 'cancelled'],
  claimable: ['claimed'],
  claimed: [],
  cancelled: [],
  failed: [],
};

/** Statuses past `indexed` only a queued redemption reaches: the others end at `indexed`. */
const REDEEM_ASYNC_ONLY: ReadonlySet<PartnerActionStatus> = new Set([
  'waiting_for_keeper',
  'claimable',
  'claimed',
]);

export class IllegalTransitionError extends Error {
  constructor(
    readonly action: ActionKind,
    readonly from: PartnerActionStatus,
    readonly to: PartnerActionStatus,
  ) {
    super(`a ${action} action cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export function canTransition(
  action: ActionKind,
  from: PartnerActionStatus,
  to: PartnerActionStatus,
): boolean {
  if (!EDGES[from].includes(to)) return false;
  // A queued redemption is cancelled on chain; an unsigned deposit is cancelled when a fresh action took its deposit
  // over after the approval (supersededChanges), the only kind with an approval step.
  if (to === 'cancelled') return action === (from === 'waiting_for_keeper' ? 'redeem_async' : 'deposit');
  return action === 'redeem_async' || !REDEEM_ASYNC_ONLY.has(to);
}

/** @returns `to` when the edge exists for this kind. @throws IllegalTransitionError otherwise. */
export function transition(
  action: ActionKind,
  from: PartnerActionStatus,
  to: PartnerActionStatus,
): PartnerActionStatus {
  if (!canTransition(action, from, to)) throw new IllegalTransitionError(action, from, to);
  return to;
}

/** No edge leaves the status for this kind: `indexed` ends every kind but a queued redemption. */
export function isTerminalStatus(action: ActionKind, status: PartnerActionStatus): boolean {
  return !EDGES[status].some((next) => canTransition(action, status, next));
}

/** Statuses in which the final transaction may still be submitted. */
export function acceptsSubmit(status: PartnerActionStatus): boolean {
  return status === 'created' || status === 'requires_signature';
}
