import { ZERO_ADDRESS } from './address';
import type { Activity, VaultEvent } from './types';

export interface ActivityContext {
  /** The redemption pipe's address, lowercase: share moves to and from it are escrow, not transfers. */
  readonly redemptionPipe: string;
}

/** The activity row of one vault event, or null for a share Transfer that only books another activity. */
export function toActivity(event: VaultEvent, ctx: ActivityContext): Activity | null {
  switch (event.name) {
    case 'Deposit':
      return {
        type: 'deposit',
        eventName: event.name,
        wallet: event.receiver,
        owner: event.sender,
        receiver: event.receiver,
        assetsRaw: event.assets,
        sharesRaw: event.shares,
        redeemId: null,
      };
    case 'RedeemRequested':
    case 'RedeemCancelled':
      return {
        type: event.name === 'RedeemRequested' ? 'redeem_requested' : 'redeem_cancelled',
        eventName: event.name,
        wallet: event.owner,
        owner: event.owner,
        receiver: event.receiver,
        assetsRaw: null,
        sharesRaw: event.shares,
        redeemId: event.id,
      };
    case 'RedeemFulfilled':
    case 'RedeemClaimed':
      return {
        type: event.name === 'RedeemFulfilled' ? 'redeem_fulfilled' : 'redeem_claimed',
        eventName: event.name,
        wallet: event.owner,
        owner: event.owner,
        receiver: event.receiver,
        assetsRaw: event.assets,
        sharesRaw: event.shares,
        redeemId: event.id,
      };
    case 'InstantRedeem':
      return {
        type: 'redeem_instant',
        eventName: event.name,
        wallet: event.owner,
        owner: event.owner,
        receiver: event.receiver,
        assetsRaw: event.assets,
        sharesRaw: event.shares,
        redeemId: null,
      };
    case 'Transfer':
      return isHolderTransfer(event.from, event.to, ctx)
        ? {
            type: 'transfer',
            eventName: event.name,
            wallet: event.from,
            owner: event.from,
            receiver: event.to,
            assetsRaw: null,
            sharesRaw: event.value,
            redeemId: null,
          }
        : null;
  }
}

function isHolderTransfer(from: string, to: string, ctx: ActivityContext): boolean {
  return (
    from !== ZERO_ADDRESS && to !== ZERO_ADDRESS && from !== ctx.redemptionPipe && to !== ctx.redemptionPipe
  );
}
