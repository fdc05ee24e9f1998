import type { BlockHeader, DecodedLog } from '@yv/chain';
import { toActivity, type ActivityContext } from '@yv/domain';
import type { ActivityEventRow, ShareTransferRow } from '@yv/db';
import type { FetchedRange } from '../fetch';

/** Rows one fetched range produces, ready for the write stage. */
export interface DecodedRange {
  readonly activities: ActivityEventRow[];
  readonly transfers: ShareTransferRow[];
  /** Redemptions whose records the range may change. */
  readonly redeemIds: bigint[];
  readonly lastEvent?: { block: bigint; at: Date };
}

const secondsToDate = (seconds: bigint): Date => new Date(Number(seconds) * 1000);

export const blockTime = (header: BlockHeader): Date => secondsToDate(header.timestamp);

/** When a log's block was made: as the log itself says where the node dates its logs, else as its header says. */
const logTime = (log: DecodedLog, headers: FetchedRange['headers']): Date =>
  secondsToDate(log.blockTimestamp ?? headers.get(log.blockNumber)!.timestamp);

/**
 * Decodes a range's logs into activity rows and share transfers. `shareToken` is the share contract: only its
 * Transfer logs count (the pipes emit no Transfer, but a wrong deployment file should not slip through).
 */
export function decodeRange(
  fetched: FetchedRange,
  ctx: ActivityContext & { chainId: number; shareToken: string },
): DecodedRange {
  const activities: ActivityEventRow[] = [];
  const transfers: ShareTransferRow[] = [];
  const redeemIds = new Set<bigint>();
  let lastEvent: DecodedRange['lastEvent'];
  for (const log of fetched.decoded) {
    const at = logTime(log, fetched.headers);
    const { event } = log;
    if (event.name === 'Transfer') {
      if (log.address !== ctx.shareToken) continue;
      transfers.push({
        chainId: ctx.chainId,
        txHash: log.txHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        from: event.from,
        to: event.to,
        sharesRaw: event.value,
      });
    }
    const activity = toActivity(event, ctx);
    if (!activity) continue;
    if (activity.redeemId !== null) redeemIds.add(activity.redeemId);
    activities.push({
      chainId: ctx.chainId,
      txHash: log.txHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      blockTimestamp: at,
      ...activity,
    });
    lastEvent = { block: log.blockNumber, at };
  }
  return { activities, transfers, redeemIds: [...redeemIds], ...(lastEvent ? { lastEvent } : {}) };
}
