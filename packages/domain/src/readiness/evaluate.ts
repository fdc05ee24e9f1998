import { READINESS_REASON_CODES, READY_FLAGS, REASON_CLEARS, type ReadinessReasonCode } from './reason-codes';
import type { Readiness, ReadinessInputs, ReadinessThresholds } from './types';

type Rule = (inputs: ReadinessInputs, limits: ReadinessThresholds) => ReadinessReasonCode | null;

const ageMs = (now: Date, at: Date): number => now.getTime() - at.getTime();

export const rpcRule: Rule = ({ rpc, indexer }) =>
  !rpc.healthy || (indexer !== null && !indexer.rpcHealthy) ? 'RPC_UNHEALTHY' : null;

export const snapshotRule: Rule = ({ now, snapshot }, limits) => {
  if (snapshot === null) return 'SNAPSHOT_MISSING';
  return ageMs(now, snapshot.takenAt) > limits.snapshotStaleMs ? 'SNAPSHOT_STALE' : null;
};

export const hlpSnapshotRule: Rule = ({ now, hlpSnapshot }, limits) => {
  if (hlpSnapshot === null) return 'HLP_SNAPSHOT_MISSING';
  return ageMs(now, hlpSnapshot.fetchedAt) > limits.hlpSnapshotStaleMs ? 'HLP_SNAPSHOT_STALE' : null;
};

export const indexerHaltedRule: Rule = ({ indexer }) => {
  if (indexer === null) return 'INDEXER_UNAVAILABLE';
  return indexer.haltedReason !== null ? 'INDEXER_HALTED' : null;
};

export const indexerStaleRule: Rule = ({ now, indexer }, limits) => {
  if (indexer === null || indexer.haltedReason !== null) return null;
  if (indexer.indexedAt === null) return 'INDEXER_STALE';
  return ageMs(now, indexer.indexedAt) > limits.indexerStaleMs ? 'INDEXER_STALE' : null;
};

export const indexerLagRule: Rule = ({ indexer }, limits) => {
  if (indexer === null || indexer.haltedReason !== null || indexer.latestBlock === null) return null;
  return indexer.latestBlock - indexer.cursorBlock > limits.indexerMaxLagBlocks ? 'INDEXER_LAGGING' : null;
};

export const indexerNodeBehindRule: Rule = ({ indexer }) => {
  if (indexer === null || indexer.haltedReason !== null || indexer.latestBlock === null) return null;
  return indexer.latestBlock < indexer.cursorBlock ? 'INDEXER_NODE_BEHIND' : null;
};

/** An invalid newest heartbeat and a stale last valid one are both reported: they need different fixes. */
export const keeperInvalidRule: Rule = ({ latestHeartbeat }) =>
  latestHeartbeat !== null && !latestHeartbeat.valid ? 'KEEPER_HEARTBEAT_INVALID' : null;

export const keeperAgeRule: Rule = ({ now, latestValidHeartbeat }, limits) => {
  if (latestValidHeartbeat === null) return 'KEEPER_HEARTBEAT_MISSING';
  return ageMs(now, latestValidHeartbeat.at) > limits.keeperHeartbeatStaleMs
    ? 'KEEPER_HEARTBEAT_STALE'
    : null;
};

export const depositsPausedRule: Rule = ({ snapshot }) =>
  snapshot?.depositsPaused === true ? 'DEPOSITS_PAUSED' : null;

export const READINESS_RULES: readonly Rule[] = [
  rpcRule,
  snapshotRule,
  hlpSnapshotRule,
  indexerHaltedRule,
  indexerStaleRule,
  indexerLagRule,
  indexerNodeBehindRule,
  keeperInvalidRule,
  keeperAgeRule,
  depositsPausedRule,
];

/** health.ready from its inputs: a flag is true exactly when no reason code clears it (REASON_CLEARS). */
export function evaluateReadiness(inputs: ReadinessInputs, limits: ReadinessThresholds): Readiness {
  const found = new Set<ReadinessReasonCode>();
  for (const rule of READINESS_RULES) {
    const code = rule(inputs, limits);
    if (code !== null) found.add(code);
  }
  const reasonCodes = READINESS_REASON_CODES.filter((code) => found.has(code));
  const cleared = new Set(reasonCodes.flatMap((code) => REASON_CLEARS[code]));
  const flags = Object.fromEntries(READY_FLAGS.map((flag) => [flag, !cleared.has(flag)]));
  return { ...(flags as Record<(typeof READY_FLAGS)[number], boolean>), reasonCodes };
}
