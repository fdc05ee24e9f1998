import type { ReadinessReasonCode, ReadyFlag } from './reason-codes';

/** health.ready: each flag plus every reason that cleared one, in READINESS_REASON_CODES order. */
export type Readiness = Record<ReadyFlag, boolean> & { reasonCodes: ReadinessReasonCode[] };

/** The indexer's state row as readiness needs it (indexer_state). */
export interface IndexerReadinessInput {
  cursorBlock: bigint;
  latestBlock: bigint | null;
  /** When the indexer last advanced. */
  indexedAt: Date | null;
  rpcHealthy: boolean;
  /** Non-null when a deep reorg stopped the indexer. */
  haltedReason: string | null;
}

/** What readiness is computed from; `null` means the thing was never seen. */
export interface ReadinessInputs {
  now: Date;
  /** Outcome of the watcher's latest vault read. */
  rpc: { healthy: boolean; error: string | null };
  indexer: IndexerReadinessInput | null;
  /** Latest stored vault snapshot. */
  snapshot: { takenAt: Date; depositsPaused: boolean } | null;
  /** Latest ok HLP snapshot. */
  hlpSnapshot: { fetchedAt: Date } | null;
  /** Latest heartbeat of any validity: an invalid one here means the keeper's newest word is untrustworthy. */
  latestHeartbeat: { at: Date; valid: boolean } | null;
  /** Latest valid heartbeat: its age says whether the keeper is alive. */
  latestValidHeartbeat: { at: Date } | null;
}

/** How old each input may be before it is stale. Durations in milliseconds. */
export interface FreshnessThresholds {
  snapshotStaleMs: number;
  hlpSnapshotStaleMs: number;
  indexerStaleMs: number;
  keeperHeartbeatStaleMs: number;
}

/** Thresholds, from the watcher's config: freshness, and how far the indexer may lag. */
export interface ReadinessThresholds extends FreshnessThresholds {
  indexerMaxLagBlocks: bigint;
}
