import {
  insertActivityEvents,
  insertBlocks,
  insertShareTransfers,
  moveCursor,
  pruneIndexedBlocksBelow,
  withTransaction,
  type Pool,
} from '@yv/db';
import { blockTime, type DecodedRange } from '../decode';
import type { FetchedRange } from '../fetch';
import { refreshBalances, refreshRedemptions } from './derived';

/** Thrown when the cursor moved under us: another writer is active, this one must stop writing. */
export class CursorMovedError extends Error {
  override readonly name = 'CursorMovedError';
}

export interface WriteArgs {
  pool: Pool;
  chainId: number;
  confirmations: number;
  cursor: bigint;
  fetched: FetchedRange;
  decoded: DecodedRange;
}

/**
 * Writes one range in ONE transaction: its headers, activity, transfers, the records they change, and the
 * cursor. Inserts skip rows already stored, and the cursor only moves from where this writer read it, so a
 * replayed range or a second writer never duplicates anything.
 * @returns new activity rows per type.
 */
export async function writeRange(args: WriteArgs): Promise<Map<string, number>> {
  const { chainId, fetched, decoded } = args;
  return withTransaction(args.pool, async (tx) => {
    const moved = await moveCursor(tx, {
      chainId,
      from: args.cursor,
      to: fetched.to,
      ...(decoded.lastEvent ? { lastEvent: decoded.lastEvent } : {}),
    });
    if (!moved) throw new CursorMovedError(`cursor of chain ${chainId} is no longer ${args.cursor}`);
    await insertBlocks(
      tx,
      chainId,
      [...fetched.headers.values()].map((h) => ({
        number: h.number,
        hash: h.hash,
        parentHash: h.parentHash,
        timestamp: blockTime(h),
      })),
    );
    const inserted = await insertActivityEvents(tx, decoded.activities);
    const wallets = await insertShareTransfers(tx, decoded.transfers);
    await refreshRedemptions(tx, chainId, decoded.redeemIds);
    await refreshBalances(tx, chainId, wallets);
    // Keep headers as deep as a reorg may reach below the new cursor; the cursor's own block always stays.
    await pruneIndexedBlocksBelow(tx, chainId, fetched.to - BigInt(args.confirmations) - 1n);
    return inserted;
  });
}
