import {
  insertReadiness,
  latestGoodHlpSnapshot,
  latestKeeperHeartbeat,
  latestValidKeeperHeartbeat,
  latestVaultSnapshot,
  getIndexerState,
} from '@yv/db';
import {
  evaluateReadiness,
  type Readiness,
  type ReadinessInputs,
  type ReadinessThresholds,
} from '@yv/domain';
import type { WatcherConfig } from '../config';
import type { WatcherContext } from '../context';

export function readinessThresholds(config: WatcherConfig): ReadinessThresholds {
  return {
    snapshotStaleMs: config.SNAPSHOT_STALE_MS,
    hlpSnapshotStaleMs: config.HLP_SNAPSHOT_STALE_MS,
    indexerStaleMs: config.INDEXER_STALE_MS,
    indexerMaxLagBlocks: BigInt(config.INDEXER_MAX_LAG_BLOCKS),
    keeperHeartbeatStaleMs: config.KEEPER_HEARTBEAT_STALE_MS,
  };
}

async function gatherInputs(ctx: WatcherContext, now: Date): Promise<ReadinessInputs> {
  const chainId = ctx.deployment.chainId;
  const [indexer, snapshot, hlp, latest, latestValid] = await Promise.all([
    getIndexerState(ctx.pool, chainId),
    latestVaultSnapshot(ctx.pool, chainId),
    latestGoodHlpSnapshot(ctx.pool, ctx.hlpVaultAddress),
    latestKeeperHeartbeat(ctx.pool),
    latestValidKeeperHeartbeat(ctx.pool),
  ]);
  const state = snapshot?.state as { depositsPaused?: unknown } | undefined;
  return {
    now,
    rpc: { ...ctx.rpc },
    indexer,
    snapshot: snapshot ? { takenAt: snapshot.takenAt, depositsPaused: state?.depositsPaused === true } : null,
    hlpSnapshot: hlp ? { fetchedAt: hlp.fetchedAt } : null,
    latestHeartbeat: latest ? { at: latest.at, valid: latest.valid } : null,
    latestValidHeartbeat: latestValid ? { at: latestValid.at } : null,
  };
}

/** JSON for readiness.inputs: bigints as integer strings. */
const inputsJson = (inputs: ReadinessInputs): unknown =>
  JSON.parse(
    JSON.stringify(inputs, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  );

/** Computes health.ready from what is stored now, stores it, and updates the age gauges. */
export async function evaluateAndStoreReadiness(ctx: WatcherContext, now = new Date()): Promise<Readiness> {
  const inputs = await gatherInputs(ctx, now);
  const readiness = evaluateReadiness(inputs, readinessThresholds(ctx.config));
  await insertReadiness(ctx.pool, { ...readiness, inputs: inputsJson(inputs) });
  // With nothing stored yet the age is at least the time this process has waited for it: a keeper that never
  // sent a heartbeat must trip the stale alert, not read as fresh.
  const since = (at: Date | undefined) => (now.getTime() - (at ?? ctx.startedAt).getTime()) / 1000;
  ctx.metrics.snapshotAgeSeconds.set(since(inputs.snapshot?.takenAt));
  ctx.metrics.heartbeatAgeSeconds.set(since(inputs.latestValidHeartbeat?.at));
  return readiness;
}
