import { createRpcClient } from '../packages/chain/src';
import { createPool, emptyDatabase, getIndexerState } from '../packages/db/src';

/**
 * A devnet started afresh is a new chain: the rows an earlier run left describe one that no longer exists, and the
 * indexer would (rightly) halt on them. When the indexed chain's anchor block is not the node's, the database is
 * emptied for this chain (docs/design.md#chain-identity); a devnet that kept running keeps its database.
 * @returns true when the database was emptied.
 */
export async function forgetAnotherChain(args: {
  databaseUrl: string;
  rpcUrl: string;
  chainId: number;
}): Promise<boolean> {
  const pool = createPool(args.databaseUrl, { applicationName: 'yv-stack' });
  const rpc = createRpcClient({ rpcUrl: args.rpcUrl, timeoutMs: 15_000 });
  try {
    const state = await getIndexerState(pool, args.chainId);
    if (!state?.anchor) return false;
    const [block] = await rpc.getBlocks([state.anchor.block]);
    if (block?.hash === state.anchor.hash) return false;
    await emptyDatabase(pool);
    return true;
  } finally {
    rpc.close();
    await pool.end();
  }
}
