import type { EventPlace, Redemption, RedemptionStatus, VaultEvent } from './types';

type RedemptionEvent = Extract<
  VaultEvent,
  { name: 'RedeemRequested' | 'RedeemFulfilled' | 'RedeemClaimed' | 'RedeemCancelled' }
>;

/** An event the redemption's current status cannot follow: events out of order or from another deployment. */
export class RedemptionTransitionError extends Error {
  override readonly name = 'RedemptionTransitionError';
}

/** Which status each event requires and produces; RedemptionPipe enforces the same on chain. */
const TRANSITIONS: Readonly<
  Record<RedemptionEvent['name'], { from: RedemptionStatus | null; to: RedemptionStatus }>
> = {
  RedeemRequested: { from: null, to: 'pending' },
  RedeemFulfilled: { from: 'pending', to: 'claimable' },
  RedeemClaimed: { from: 'claimable', to: 'claimed' },
  RedeemCancelled: { from: 'pending', to: 'cancelled' },
};

export function isRedemptionEvent(event: VaultEvent): event is RedemptionEvent {
  return event.name in TRANSITIONS;
}

/**
 * The redemption after `event`. `current` is null before the request.
 * @throws RedemptionTransitionError when the event cannot follow the current status.
 */
export function applyRedemptionEvent(
  current: Redemption | null,
  event: RedemptionEvent,
  place: EventPlace,
): Redemption {
  const rule = TRANSITIONS[event.name];
  const status = current?.status ?? null;
  if (status !== rule.from || (current !== null && current.redeemId !== event.id))
    throw new RedemptionTransitionError(
      `redemption ${event.id}: ${event.name} cannot follow status ${status ?? '(none)'}; it needs ${rule.from ?? '(none)'}`,
    );
  if (event.name === 'RedeemRequested')
    return {
      redeemId: event.id,
      status: rule.to,
      wallet: event.owner,
      owner: event.owner,
      receiver: event.receiver,
      sharesRaw: event.shares,
      assetsRaw: null,
      requestedTxHash: place.txHash,
      fulfilledTxHash: null,
      claimedTxHash: null,
      cancelledTxHash: null,
      requestedAt: place.blockTimestamp,
      updatedAt: place.blockTimestamp,
    };
  // current is non-null here: only RedeemRequested may start from no status.
  const base = { ...current!, status: rule.to, updatedAt: place.blockTimestamp };
  switch (event.name) {
    case 'RedeemFulfilled':
      return { ...base, assetsRaw: event.assets, fulfilledTxHash: place.txHash };
    case 'RedeemClaimed':
      return { ...base, assetsRaw: event.assets, receiver: event.receiver, claimedTxHash: place.txHash };
    case 'RedeemCancelled':
      return { ...base, cancelledTxHash: place.txHash };
  }
}

/** Folds a redemption's events (in chain order) into its record; null when there are none. */
export function foldRedemption(
  events: readonly { readonly event: RedemptionEvent; readonly place: EventPlace }[],
): Redemption | null {
  return events.reduce<Redemption | null>(
    (current, e) => applyRedemptionEvent(current, e.event, e.place),
    null,
  );
}

/** A stored redemption activity row, as much of it as the fold needs. */
export interface RedemptionActivity {
  readonly eventName: string;
  readonly redeemId: bigint | null;
  readonly owner: string;
  readonly receiver: string;
  readonly sharesRaw: bigint;
  readonly assetsRaw: bigint | null;
}

/** Rebuilds the chain event a stored redemption activity row came from, so records fold from stored rows alone. */
export function redemptionEventOf(row: RedemptionActivity): RedemptionEvent {
  const base = {
    id: row.redeemId ?? missing(row, 'redeemId'),
    owner: row.owner,
    receiver: row.receiver,
    shares: row.sharesRaw,
  };
  switch (row.eventName) {
    case 'RedeemRequested':
    case 'RedeemCancelled':
      return { name: row.eventName, ...base };
    case 'RedeemFulfilled':
    case 'RedeemClaimed':
      return { name: row.eventName, ...base, assets: row.assetsRaw ?? missing(row, 'assetsRaw') };
    default:
      throw new RedemptionTransitionError(`${row.eventName} is not a redemption event`);
  }
}

function missing(row: RedemptionActivity, field: string): never {
  throw new RedemptionTransitionError(`${row.eventName} row has no ${field}`);
}

/**
 * The record as it stood when it first reached `status`: what a webhook about that change carries, even when
 * later events (already final) moved it on. Null when the events never reach `status`.
 */
export function foldRedemptionUntil(
  events: readonly { readonly event: RedemptionEvent; readonly place: EventPlace }[],
  status: RedemptionStatus,
): Redemption | null {
  let current: Redemption | null = null;
  for (const e of events) {
    current = applyRedemptionEvent(current, e.event, e.place);
    if (current.status === status) return current;
  }
  return null;
}
