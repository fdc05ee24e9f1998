import {
  deleteRedemptions,
  listRedemptionActivity,
  upsertRedemptions,
  type Queryable,
  type RedemptionRow,
} from '@yv/db';
import { foldRedemption, redemptionEventOf } from '@yv/domain';

/**
 * Recomputes the given redemptions from the activity rows now stored: the same path after new events and
 * after a reorg removed some, so a record is always exactly what its remaining events say.
 */
export async function refreshRedemptions(
  db: Queryable,
  chainId: number,
  redeemIds: readonly bigint[],
): Promise<void> {
  if (redeemIds.length === 0) return;
  const rows = await listRedemptionActivity(db, chainId, redeemIds);
  const byId = new Map<bigint, typeof rows>();
  for (const row of rows) {
    const list = byId.get(row.redeemId!) ?? [];
    list.push(row);
    byId.set(row.redeemId!, list);
  }
  const records: RedemptionRow[] = [];
  for (const [redeemId, events] of byId) {
    const folded = foldRedemption(
      events.map((e) => ({
        event: redemptionEventOf(e),
        place: { txHash: e.txHash, blockTimestamp: e.blockTimestamp },
      })),
    );
    if (folded) records.push({ chainId, ...folded, redeemId });
  }
  await upsertRedemptions(db, records);
  await deleteRedemptions(
    db,
    chainId,
    redeemIds.filter((id) => !byId.has(id)),
  );
}
