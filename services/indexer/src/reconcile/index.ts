import type { BlockHeader, RpcClient } from '@yv/chain';
import {
  deleteActivityEventsAbove,
  deleteIndexedBlocksAbove,
  deleteShareTransfersAbove,
  getIndexedBlock,
  haltIndexer,
  listIndexedBlocks,
  rewindCursor,
  withTransaction,
  type Pool,
} from '@yv/db';
import { refreshRedemptions } from '../write/derived';

/**
 * Whether the chain still extends what we stored. Blocks are linked parentHash → hash: the first new block's
 * parent must be the stored cursor block, and when the chain has not grown past the cursor, the stored block at
 * the node's head must still be the node's.
 */
export async function isLinked(args: {
  pool: Pool;
  chainId: number;
  cursor: bigint;
  /** The header of cursor + 1 when the chain has it, else the node's head. */
  next: BlockHeader;
}): Promise<boolean> {
  const { next } = args;
  if (next.number === args.cursor + 1n) {
    const parent = await getIndexedBlock(args.pool, args.chainId, args.cursor);
    return parent === null || parent.hash === next.parentHash;
  }
  const stored = await getIndexedBlock(args.pool, args.chainId, next.number);
  return stored === null || stored.hash === next.hash;
}

export type ReorgOutcome =
  | { readonly type: 'rewound'; readonly ancestor: bigint; readonly depth: bigint }
  | { readonly type: 'relinked' }
  | { readonly type: 'halted'; readonly reason: string };

/**
 * Walks back from the cursor to the newest stored block the node still has (the common ancestor) and, in ONE
 * transaction, deletes everything derived from the orphaned blocks above it, recomputes the redemptions and
 * balances they touched from the remaining events, and rewinds the cursor. A reorg deeper than `confirmations`
 * (or one reaching below every stored header) halts instead: data we called final was wrong, and a person must
 * look.
 */
export async function rewindToAncestor(args: {
  pool: Pool;
  rpc: RpcClient;
  chainId: number;
  cursor: bigint;
  confirmations: number;
}): Promise<ReorgOutcome> {
  const { pool, chainId, cursor } = args;
  const stored = await listIndexedBlocks(pool, chainId, cursor);
  const canonical = await args.rpc.getBlocks(stored.map((b) => b.number));
  const index = stored.findIndex((b, i) => canonical[i]?.hash === b.hash);
  const ancestor = index === -1 ? null : stored[index]!.number;
  const depth = ancestor === null ? null : cursor - ancestor;
  if (ancestor === null || depth! > BigInt(args.confirmations)) {
    const reason =
      ancestor === null
        ? `reorg below every stored block (cursor ${cursor}); deeper than CONFIRMATIONS=${args.confirmations}`
        : `reorg of ${depth} blocks (ancestor ${ancestor}, cursor ${cursor}) is deeper than CONFIRMATIONS=${args.confirmations}`;
    await haltIndexer(pool, chainId, reason);
    return { type: 'halted', reason };
  }
  if (depth === 0n) return unlinkedOrRelinked({ ...args, cursorHash: stored[index]!.hash });
  await withTransaction(pool, async (tx) => {
    const redeemIds = await deleteActivityEventsAbove(tx, chainId, ancestor);
    await deleteShareTransfersAbove(tx, chainId, ancestor);
    await deleteIndexedBlocksAbove(tx, chainId, ancestor);
    await refreshRedemptions(tx, chainId, redeemIds);
    await rewindCursor(tx, chainId, ancestor);
  });
  return { type: 'rewound', ancestor, depth: depth! };
}

/**
 * No stored block changed, yet the block after the cursor did not name it as parent. Asked again: a block that now
 * links was a reorg of the head alone (nothing to undo); one that still does not comes from a chain that does not
 * link (hardhat_mine serves its ranges with parent 0x00…), which no rewind can fix, so the indexer halts and says
 * which blocks.
 */
async function unlinkedOrRelinked(args: {
  pool: Pool;
  rpc: RpcClient;
  chainId: number;
  cursor: bigint;
  cursorHash: string;
}): Promise<ReorgOutcome> {
  const [next] = await args.rpc.getBlocks([args.cursor + 1n]);
  if (!next || next.parentHash === args.cursorHash) return { type: 'relinked' };
  const reason =
    `the node's block ${next.number} names parent ${next.parentHash}, not block ${args.cursor} (${args.cursorHash}) ` +
    'that the same node serves: its chain does not link, so it cannot be indexed';
  await haltIndexer(args.pool, args.chainId, reason);
  return { type: 'halted', reason };
}
