import type { ActionKind, PartnerActionStatus } from '@yv/schemas';
import type { ActivityType, RedemptionStatus } from '../activity/types';

/**
 * What the indexer knows about one partner action at the confirmation depth: only events in blocks at or below
 * the final block count, so a move is never made on events a reorg within the depth could still take back.
 */
export interface ActionEvidence {
  readonly action: ActionKind;
  readonly status: PartnerActionStatus;
  /** The action's transaction has its events stored at the confirmation depth. */
  readonly txIndexed: boolean;
  /** For a queued redemption whose id is known: its status folded from final events; otherwise null. */
  readonly redemption: RedemptionStatus | null;
}

/**
 * The indexer's next move of an action (docs/design.md#partner-action-states), or null when the evidence supports
 * none. One step at a time, so each move is its own transaction and webhook: a redemption fulfilled and claimed
 * before the indexer looked still goes waiting_for_keeper → claimable → claimed.
 */
export function nextIndexerStatus(e: ActionEvidence): PartnerActionStatus | null {
  if (e.status === 'confirmed') return e.txIndexed ? 'indexed' : null;
  if (e.action !== 'redeem_async' || e.redemption === null) return null;
  switch (e.status) {
    case 'indexed':
      return 'waiting_for_keeper';
    case 'waiting_for_keeper':
      if (e.redemption === 'cancelled') return 'cancelled';
      return e.redemption === 'claimable' || e.redemption === 'claimed' ? 'claimable' : null;
    case 'claimable':
      return e.redemption === 'claimed' ? 'claimed' : null;
    default:
      return null;
  }
}

/** The redemption status a queued-redemption action's status stands for: the record a move's webhook carries. */
export function redemptionStatusOf(status: PartnerActionStatus): RedemptionStatus | null {
  switch (status) {
    case 'waiting_for_keeper':
      return 'pending';
    case 'claimable':
    case 'claimed':
    case 'cancelled':
      return status;
    default:
      return null;
  }
}

const STATUS_AFTER: Readonly<Partial<Record<ActivityType, RedemptionStatus>>> = {
  redeem_requested: 'pending',
  redeem_fulfilled: 'claimable',
  redeem_claimed: 'claimed',
  redeem_cancelled: 'cancelled',
};

/** A redemption's status after its latest event (an activity type); null for no event or a non-redemption one. */
export function redemptionStatusAfter(lastType: string | null): RedemptionStatus | null {
  return lastType === null ? null : (STATUS_AFTER[lastType as ActivityType] ?? null);
}
