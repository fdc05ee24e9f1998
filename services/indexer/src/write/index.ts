import {
  copyActivityEvents,
  copyShareTransfers,
  insertActivityEvents,
  insertBlocks,
  insertShareTransfers,
  isUniqueViolation,
  moveCursor,
  pruneIndexedBlocksBelow,
  withTransaction,
  type Pool,
} from '@yv/db';
import { blockTime, type DecodedRange } from '../decode';
import type { FetchedRange } from '../fetch';
import { refreshRedemptions } from './derived';

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

/** How a range's rows go in: copied (none can be stored yet), or inserted skipping those that are. */
const STORE_ROWS = {
  copy: { activities: copyActivityEvents, transfers: copyShareTransfers },
  skipStored: { activities: insertActivityEvents, transfers: insertShareTransfers },
} as const;

/**
 * Writes one range in ONE transaction: its headers, activity, transfers (and the balances they change), the
 * redemption records it changes, and the cursor. The cursor only moves from where this writer read it, in the
 * transaction that stores the rows it passes, so the rows above it are new and are copied (`copyActivityEvents`),
 * the cheapest way in. Where one is stored all the same (an operator moved the cursor back to index again), the copy
 * fails, the transaction with it, and the range is written again with inserts that skip stored rows: a replayed
 * range or a second writer never duplicates anything.
 * @returns new activity rows per type.
 */
export async function writeRange(args: WriteArgs): Promise<Map<string, number>> {
  try {
    return await writeRangeOnce(args, 'copy');
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return writeRangeOnce(args, 'skipStored');
  }
}

async function writeRangeOnce(args: WriteArgs, mode: keyof typeof STORE_ROWS): Promise<Map<string, number>> {
  const { chainId, fetched, decoded } = args;
  return withTransaction(args.pool, async (tx) => {
    // A range lost in a database crash is fetched again from the cursor committed with it, so its commit need not
    // wait for the WAL flush; the action moves that follow commit synchronously, and flush it too.
    await tx.query('SET LOCAL synchronous_commit = off');
    const moved = await moveCursor(tx, {
      chainId,
      from: args.cursor,
      to: fetched.to,
      ...(decoded.lastEvent ? { lastEvent: decoded.lastEvent } : {}),
    });
    if (!moved) throw new CursorMovedError(`cursor of chain ${chainId} is no longer ${args.cursor}`);
    // Headers below the reorg window would be pruned at once: only the window and the cursor's block are stored.
    const keepFrom = fetched.to - BigInt(args.confirmations) - 1n;
    await insertBlocks(
      tx,
      chainId,
      [...fetched.headers.values()]
        .filter((h) => h.number >= keepFrom)
        .map((h) => ({
          number: h.number,
          hash: h.hash,
          parentHash: h.parentHash,
          timestamp: blockTime(h),
        })),
    );
    const inserted = await STORE_ROWS[mode].activities(tx, decoded.activities);
    await STORE_ROWS[mode].transfers(tx, decoded.transfers);
    await refreshRedemptions(tx, chainId, decoded.redeemIds);
    // Keep headers as deep as a reorg may reach below the new cursor; the cursor's own block always stays.
    await pruneIndexedBlocksBelow(tx, chainId, keepFrom);
    return inserted;
  });
}
