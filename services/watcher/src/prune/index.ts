import { pruneHlpSnapshots, pruneKeeperHeartbeats, pruneReadiness, pruneVaultSnapshots } from '@yv/db';
import type { WatcherContext } from '../context';

/** Deletes the rows older than RETENTION_MS of every table the watcher writes; each keeps its newest row. */
export async function pruneExpired(ctx: WatcherContext): Promise<void> {
  const before = new Date(Date.now() - ctx.config.RETENTION_MS);
  await pruneVaultSnapshots(ctx.pool, before);
  await pruneHlpSnapshots(ctx.pool, before);
  await pruneKeeperHeartbeats(ctx.pool, before);
  await pruneReadiness(ctx.pool, before);
}
