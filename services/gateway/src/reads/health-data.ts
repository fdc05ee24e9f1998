import type { Deployment } from '@yv/config';
import type { RpcEndpointHealth, VaultState } from '@yv/chain';
import type { IndexerState, KeeperHeartbeatRow } from '@yv/db';
import { toAmount, type FreshnessThresholds, type ReadyState } from '@yv/domain';

/** The outcome of asking the chain for its head through the gateway's own RPC. */
export type ChainHead = { ok: true; block: number } | { ok: false; error: string };

export interface StoredSnapshot {
  takenAt: Date;
  blockTime: Date;
  state: VaultState;
}

/** What health is built from; a read that failed is `{error}` so the rest still reports. */
export interface HealthInputs {
  now: Date;
  deployment: Deployment;
  thresholds: FreshnessThresholds;
  assetDecimals: number | null;
  head: ChainHead;
  rpcEndpoints: readonly RpcEndpointHealth[];
  ready: ReadyState;
  snapshot: StoredSnapshot | null | { error: string };
  indexer: IndexerState | null | { error: string };
  heartbeat:
    { latest: KeeperHeartbeatRow | null; latestValid: KeeperHeartbeatRow | null } | { error: string };
}

const failed = <T extends object>(value: T | null | { error: string }): value is { error: string } =>
  value !== null && 'error' in value;
const ageSec = (now: Date, at: Date | null) =>
  at === null ? null : Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
const staleSec = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function snapshotsOf(i: HealthInputs) {
  const limit = i.thresholds.snapshotStaleMs;
  const snapshot = failed(i.snapshot) ? null : i.snapshot;
  const stale = snapshot === null || i.now.getTime() - snapshot.takenAt.getTime() > limit;
  const reason = failed(i.snapshot)
    ? `snapshots cannot be read: ${i.snapshot.error}`
    : snapshot === null
      ? 'no vault snapshot has been taken yet'
      : stale
        ? `the newest snapshot is older than ${staleSec(limit)} s (watcher down or its RPC failing)`
        : null;
  return {
    available: snapshot !== null,
    lastSnapshotAt: snapshot?.takenAt.toISOString() ?? null,
    ageSec: ageSec(i.now, snapshot?.takenAt ?? null),
    stale,
    staleSec: staleSec(limit),
    reason,
  };
}

function vaultOf(i: HealthInputs) {
  if (failed(i.snapshot))
    return { ok: false, data: null, error: `snapshots cannot be read: ${i.snapshot.error}` };
  if (i.snapshot === null) return { ok: false, data: null, error: 'no vault snapshot has been taken yet' };
  const s = i.snapshot.state;
  const data = {
    blockNumber: s.blockNumber.toString(),
    blockTimestamp: i.snapshot.blockTime.toISOString(),
    chainHeadBlock: i.head.ok ? String(i.head.block) : null,
    totalAssets: s.totalAssets.toString(),
    totalSupply: s.totalSupply.toString(),
    depositsPaused: s.depositsPaused,
  };
  return i.head.ok
    ? { ok: true, data, error: null }
    : { ok: false, data, error: `the chain RPC does not answer: ${i.head.error}` };
}

function indexerOf(i: HealthInputs) {
  const state = failed(i.indexer) ? null : i.indexer;
  const indexedAt = state?.indexedAt ?? null;
  const rpcErrors = [
    i.head.ok ? null : `gateway: ${i.head.error}`,
    state && !state.rpcHealthy ? `indexer: ${state.rpcError ?? 'unhealthy'}` : null,
  ].filter((e): e is string => e !== null);
  // Negative when the node is behind the cursor (INDEXER_NODE_BEHIND): never a reassuring 0.
  const lag =
    state?.confirmedBlock != null
      ? nodeLag(state.confirmedBlock, state.latestBlock, state.cursorBlock)
      : null;
  return {
    available: state !== null,
    source: 'rpc',
    chainId: i.deployment.chainId,
    vault: i.deployment.contracts.vault,
    startBlock: String(state?.startBlock ?? i.deployment.startBlock),
    cursorBlock: state && state.cursorBlock >= state.startBlock ? state.cursorBlock.toString() : null,
    latestBlock: state?.latestBlock?.toString() ?? null,
    confirmedBlock: state?.confirmedBlock?.toString() ?? null,
    lagBlocks: lag,
    stale:
      state === null ||
      state.haltedReason !== null ||
      indexedAt === null ||
      i.now.getTime() - indexedAt.getTime() > i.thresholds.indexerStaleMs,
    indexedAt: indexedAt?.toISOString() ?? null,
    lastEventAt: state?.lastEventAt?.toISOString() ?? null,
    lastEventBlock: state?.lastEventBlock?.toString() ?? null,
    rpcHealthy: rpcErrors.length === 0 && !failed(i.indexer),
    rpcError: failed(i.indexer)
      ? `indexer state cannot be read: ${i.indexer.error}`
      : rpcErrors.join('; ') || null,
  };
}

/** confirmedBlock - cursorBlock while the node is ahead; latestBlock - cursorBlock (below 0) when it is behind. */
function nodeLag(confirmed: bigint, latest: bigint | null, cursor: bigint): number {
  if (latest !== null && latest < cursor) return Number(latest - cursor);
  return Math.max(0, Number(confirmed - cursor));
}

const WIRING_EXPECTED = {
  vaultStrategy: 'strategy',
  vaultNavSource: 'navSource',
  strategyVault: 'core',
  strategyUsdc: 'usdc',
  strategyHlpVault: 'hlpVault',
  navStrategyAccount: 'strategy',
  navHlpVault: 'hlpVault',
} as const;

function heartbeatOf(i: HealthInputs) {
  const limit = i.thresholds.keeperHeartbeatStaleMs;
  if (failed(i.heartbeat)) {
    return {
      available: false,
      service: null,
      updatedAt: null,
      ageSec: null,
      stale: true,
      staleSec: staleSec(limit),
      payload: null,
      reason: `heartbeats cannot be read: ${i.heartbeat.error}`,
    };
  }
  const { latest, latestValid } = i.heartbeat;
  const stale = latestValid === null || i.now.getTime() - latestValid.at.getTime() > limit;
  const reason =
    latest === null
      ? 'no keeper heartbeat has been received'
      : !latest.valid
        ? `the newest heartbeat is invalid: ${latest.problems.join('; ')}`
        : stale
          ? `no valid heartbeat within ${staleSec(limit)} s`
          : null;
  return {
    available: latest !== null,
    service: latest?.service ?? null,
    updatedAt: latest?.at.toISOString() ?? null,
    ageSec: ageSec(i.now, latest?.at ?? null),
    stale,
    staleSec: staleSec(limit),
    payload: (latest?.payload as Record<string, unknown> | null) ?? null,
    reason,
  };
}

function keeperOf(i: HealthInputs) {
  const heartbeat = heartbeatOf(i);
  const state = failed(i.snapshot) || i.snapshot === null ? null : i.snapshot.state;
  const c = i.deployment.contracts;
  const wiring = state?.wiring ?? null;
  const checks = Object.fromEntries(
    Object.entries(WIRING_EXPECTED).map(([field, contract]) => [
      field,
      wiring === null
        ? null
        : wiring[field as keyof typeof WIRING_EXPECTED].toLowerCase() === c[contract].toLowerCase(),
    ]),
  );
  const mismatched = Object.entries(checks)
    .filter(([, ok]) => ok === false)
    .map(([field]) => field);
  const error =
    state === null
      ? 'the wiring is not read yet (no vault snapshot)'
      : mismatched.length > 0
        ? `wiring does not match the deployment: ${mismatched.join(', ')}`
        : null;
  const nav = state && state.navReportedAt > 0n ? new Date(Number(state.navReportedAt) * 1000) : null;
  return {
    ok: error === null && heartbeat.reason === null,
    heartbeat,
    addresses: Object.fromEntries(
      Object.keys(WIRING_EXPECTED).map((field) => [
        field,
        wiring?.[field as keyof typeof WIRING_EXPECTED] ?? null,
      ]),
    ),
    checks: {
      ...checks,
      keeperMatchesStrategy: state
        ? state.wiring.strategyKeeper.toLowerCase() === state.keeper.toLowerCase()
        : null,
    },
    strategy: {
      // The deployed Strategy holds plain USDC it can return at once; it has no lock.
      withdrawable:
        state && i.assetDecimals !== null
          ? toAmount(state.proof.buckets.strategyEvmUsdc, i.assetDecimals)
          : null,
      lockedUntil: null,
    },
    nav: { lastGoodAt: nav?.toISOString() ?? null },
    error,
  };
}

function endpointOf(e: RpcEndpointHealth) {
  return {
    endpoint: e.endpoint,
    state: e.state,
    head: e.head?.toString() ?? null,
    lagBlocks: e.lagBlocks,
    latencyMs: e.latencyMs,
    consecutiveFailures: e.consecutiveFailures,
    lastError: e.lastError,
    lastOkAt: e.lastOkAt?.toISOString() ?? null,
  };
}

/** The spec's `health`. `api` is `ok` only while every readiness flag holds. */
export function buildHealth(i: HealthInputs) {
  const flags = [i.ready.display, i.ready.history, i.ready.activity, i.ready.operations, i.ready.deposits];
  return {
    api: flags.every(Boolean) ? ('ok' as const) : ('degraded' as const),
    ready: i.ready,
    database: { configured: true },
    vault: vaultOf(i),
    snapshots: snapshotsOf(i),
    indexer: indexerOf(i),
    keeper: keeperOf(i),
    rpc: { endpoints: i.rpcEndpoints.map(endpointOf) },
  };
}

export type HealthData = ReturnType<typeof buildHealth>;
