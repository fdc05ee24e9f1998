import { readVaultState, vaultStateToJson } from '@yv/chain';
import { insertVaultSnapshot } from '@yv/db';
import { errorMessage, type WatcherContext } from '../context';

/**
 * Reads the vault at the latest block and stores the snapshot. A failed read marks the RPC unhealthy (readiness
 * then reports RPC_UNHEALTHY) and is rethrown so the loop backs off; the next success marks it healthy again.
 */
export async function takeVaultSnapshot(ctx: WatcherContext): Promise<void> {
  let state;
  try {
    state = await readVaultState(ctx.provider, ctx.layout);
  } catch (error) {
    ctx.rpc = { healthy: false, error: errorMessage(error) };
    ctx.metrics.vaultReadFailures.inc();
    throw error;
  }
  ctx.rpc = { healthy: true, error: null };
  await insertVaultSnapshot(ctx.pool, {
    chainId: ctx.deployment.chainId,
    blockNumber: state.blockNumber,
    blockTimestamp: state.blockTimestamp,
    state: vaultStateToJson(state),
  });
  ctx.metrics.snapshots.inc({ kind: 'vault' });
}
