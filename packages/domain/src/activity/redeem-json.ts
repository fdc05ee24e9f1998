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
  assets: Amount;
  assetsEstimate: boolean;
}

/** The share price a pending redemption is valued at: assets of one whole share, and the share's decimals. */
export interface SharePrice {
  readonly assetsPerShare: bigint;
  readonly shareDecimals: number;
}

/**
 * The USDC a redemption pays (docs/design.md#redemption-assets): fixed by the keeper at fulfilment for claimable
 * and claimed ones; for a pending one its shares at the share price now, rounded down, marked an estimate (the
 * keeper fixes the amount at fulfilment); zero for a cancelled one, whose shares went back to the owner.
 */
export function redeemAssets(
  record: Pick<Redemption, 'redeemId' | 'status' | 'sharesRaw' | 'assetsRaw'>,
  price: SharePrice | null,
): { raw: bigint; estimate: boolean } {
  switch (record.status) {
    case 'pending':
      if (price === null)
        throw new Error(`redemption ${record.redeemId} is pending: a share price is needed`);
      return {
        raw: (record.sharesRaw * price.assetsPerShare) / 10n ** BigInt(price.shareDecimals),
        estimate: true,
      };
    case 'cancelled':
      return { raw: 0n, estimate: false };
    default:
      if (record.assetsRaw === null)
        throw new Error(`redemption ${record.redeemId} is ${record.status} without fixed assets`);
      return { raw: record.assetsRaw, estimate: false };
  }
}

export function toRedeemJson(
  record: Redemption,
  decimals: { readonly asset: number; readonly share: number },
  assetsPerShare: bigint | null,
): RedeemJson {
  const price = assetsPerShare === null ? null : { assetsPerShare, shareDecimals: decimals.share };
  const assets = redeemAssets(record, price);
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
    assets: toAmount(assets.raw, decimals.asset),
    assetsEstimate: assets.estimate,
  };
}
