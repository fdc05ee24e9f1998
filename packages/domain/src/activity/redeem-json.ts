import { toAmount, type Amount } from '../amount';
import type { Redemption, RedemptionStatus } from './types';

/** The spec's Redeem record. */
export interface RedeemJson {
  id: string;
  status: RedemptionStatus;
  wallet: string;
  owner: string;
  receiver: string;
  requestedTxHash: string;
  fulfilledTxHash: string | null;
  claimedTxHash: string | null;
  cancelledTxHash: string | null;
  requestedAt: string;
  updatedAt: string;
  shares: Amount;
  assets: Amount | null;
}

export function toRedeemJson(
  record: Redemption,
  decimals: { readonly asset: number; readonly share: number },
): RedeemJson {
  return {
    id: record.redeemId.toString(),
    status: record.status,
    wallet: record.wallet,
    owner: record.owner,
    receiver: record.receiver,
    requestedTxHash: record.requestedTxHash,
    fulfilledTxHash: record.fulfilledTxHash,
    claimedTxHash: record.claimedTxHash,
    cancelledTxHash: record.cancelledTxHash,
    requestedAt: record.requestedAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    shares: toAmount(record.sharesRaw, decimals.share),
    assets: record.assetsRaw === null ? null : toAmount(record.assetsRaw, decimals.asset),
  };
}
