import type { BlockHeader } from '@yv/chain';
import { haltIndexer, oldestIndexedBlock, setIndexerAnchor, type IndexerState, type Pool } from '@yv/db';

/**
 * Which chain the indexer follows (docs/design.md#chain-identity): the node's chain id, and one block it relies on
 * (the anchor: the start block as first seen; for a row older than anchors, the oldest block it stored).
 */
export interface IdentityContext {
  pool: Pool;
  chainId: number;
}

/** The anchor to compare, and its known hash (null when nothing was ever recorded: the node's hash is adopted). */
export async function anchorOf(
  ctx: IdentityContext,
  state: IndexerState,
): Promise<{ block: bigint; hash: string | null }> {
  if (state.anchor) return state.anchor;
  const oldest = await oldestIndexedBlock(ctx.pool, ctx.chainId);
  return oldest ? { block: oldest.number, hash: oldest.hash } : { block: state.startBlock, hash: null };
}

/** What the node says of the chain's identity (read with the step's head): its chain id and its anchor block. */
export interface SeenIdentity {
  readonly nodeChainId: number;
  readonly anchor: { block: bigint; hash: string | null };
  readonly header: BlockHeader | null;
}

/**
 * Halts when the node serves another chain, and says which; records the anchor the first time. A node that does
 * not have the anchor block yet is behind it: nothing to compare, and health shows the node behind the cursor.
 * @returns the halt reason, or null when the node serves the indexed chain.
 */
export async function checkIdentity(ctx: IdentityContext, seen: SeenIdentity): Promise<string | null> {
  const { nodeChainId, anchor, header } = seen;
  const reason =
    nodeChainId !== ctx.chainId
      ? `the node at RPC_URL serves chain id ${nodeChainId}, not the deployment's chain id ${ctx.chainId}`
      : anotherChain(anchor, header);
  if (reason) {
    await haltIndexer(ctx.pool, ctx.chainId, reason);
    return reason;
  }
  if (anchor.hash === null && header)
    await setIndexerAnchor(ctx.pool, ctx.chainId, { block: header.number, hash: header.hash });
  return null;
}

function anotherChain(
  anchor: { block: bigint; hash: string | null },
  header: BlockHeader | null,
): string | null {
  if (anchor.hash === null || header === null || header.hash === anchor.hash) return null;
  return (
    `the node serves another chain: its block ${anchor.block} is ${header.hash}, the indexed chain's is ` +
    `${anchor.hash}; point RPC_URL at the indexed chain's node, or index this chain into a new database`
  );
}
