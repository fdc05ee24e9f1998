import {
  evaluateReadiness,
  READINESS_REASON_CODES,
  REASON_CLEARS,
  type ReadinessInputs,
  type ReadinessThresholds,
} from '../src/readiness';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const ago = (ms: number): Date => new Date(NOW.getTime() - ms);

const LIMITS: ReadinessThresholds = {
  snapshotStaleMs: 30_000,
  hlpSnapshotStaleMs: 900_000,
  indexerStaleMs: 60_000,
  indexerMaxLagBlocks: 20n,
  keeperHeartbeatStaleMs: 120_000,
};

function healthy(): ReadinessInputs {
  return {
    now: NOW,
    rpc: { healthy: true, error: null },
    indexer: {
      cursorBlock: 100n,
      latestBlock: 102n,
      indexedAt: ago(1_000),
      rpcHealthy: true,
      haltedReason: null,
    },
    snapshot: { takenAt: ago(1_000), depositsPaused: false },
    hlpSnapshot: { fetchedAt: ago(60_000) },
    latestHeartbeat: { at: ago(5_000), valid: true },
    latestValidHeartbeat: { at: ago(5_000) },
  };
}

const evaluate = (change: Partial<ReadinessInputs>) => evaluateReadiness({ ...healthy(), ...change }, LIMITS);

describe('evaluateReadiness', () => {
  it('is ready on every flag when everything is fresh and valid', () => {
    expect(evaluate({})).toEqual({
      display: true,
      history: true,
      activity: true,
      operations: true,
      deposits: true,
      reasonCodes: [],
    });
  });

  it.each([
    ['RPC_UNHEALTHY', { rpc: { healthy: false, error: 'ECONNREFUSED' } }],
    ['RPC_UNHEALTHY', { indexer: { ...healthy().indexer!, rpcHealthy: false } }],
    ['SNAPSHOT_MISSING', { snapshot: null }],
    ['SNAPSHOT_STALE', { snapshot: { takenAt: ago(30_001), depositsPaused: false } }],
    ['HLP_SNAPSHOT_MISSING', { hlpSnapshot: null }],
    ['HLP_SNAPSHOT_STALE', { hlpSnapshot: { fetchedAt: ago(900_001) } }],
    ['INDEXER_UNAVAILABLE', { indexer: null }],
    ['INDEXER_HALTED', { indexer: { ...healthy().indexer!, haltedReason: 'reorg of 40 blocks' } }],
    ['INDEXER_NODE_BEHIND', { indexer: { ...healthy().indexer!, latestBlock: 99n } }],
    ['INDEXER_STALE', { indexer: { ...healthy().indexer!, indexedAt: ago(60_001) } }],
    ['INDEXER_STALE', { indexer: { ...healthy().indexer!, indexedAt: null } }],
    ['INDEXER_LAGGING', { indexer: { ...healthy().indexer!, cursorBlock: 100n, latestBlock: 121n } }],
    ['KEEPER_HEARTBEAT_MISSING', { latestHeartbeat: null, latestValidHeartbeat: null }],
    [
      'KEEPER_HEARTBEAT_STALE',
      { latestHeartbeat: { at: ago(120_001), valid: true }, latestValidHeartbeat: { at: ago(120_001) } },
    ],
    ['KEEPER_HEARTBEAT_INVALID', { latestHeartbeat: { at: ago(1_000), valid: false } }],
    ['DEPOSITS_PAUSED', { snapshot: { takenAt: ago(1_000), depositsPaused: true } }],
  ] as const)('%s alone clears exactly its documented flags', (code, change) => {
    const readiness = evaluate(change as Partial<ReadinessInputs>);
    expect(readiness.reasonCodes).toEqual([code]);
    for (const flag of ['display', 'history', 'activity', 'operations', 'deposits'] as const) {
      expect(readiness[flag]).toBe(!(REASON_CLEARS[code] as readonly string[]).includes(flag));
    }
  });

  it('keeps a flag at its threshold: staleness starts strictly after it', () => {
    const atLimit = evaluate({
      snapshot: { takenAt: ago(30_000), depositsPaused: false },
      latestValidHeartbeat: { at: ago(120_000) },
      indexer: { ...healthy().indexer!, cursorBlock: 100n, latestBlock: 120n, indexedAt: ago(60_000) },
    });
    expect(atLimit.reasonCodes).toEqual([]);
  });

  it('a halted indexer reports only INDEXER_HALTED, not also stale or lagging', () => {
    const readiness = evaluate({
      indexer: {
        cursorBlock: 1n,
        latestBlock: 500n,
        indexedAt: ago(10_000_000),
        rpcHealthy: true,
        haltedReason: 'deep reorg',
      },
    });
    expect(readiness.reasonCodes).toEqual(['INDEXER_HALTED']);
  });

  it('reports an invalid newest heartbeat and a stale valid one together', () => {
    const readiness = evaluate({
      latestHeartbeat: { at: ago(1_000), valid: false },
      latestValidHeartbeat: { at: ago(600_000) },
    });
    expect(readiness.reasonCodes).toEqual(['KEEPER_HEARTBEAT_STALE', 'KEEPER_HEARTBEAT_INVALID']);
    expect(readiness.deposits).toBe(false);
    expect(readiness.operations).toBe(true);
  });

  it('lists several reasons in the documented order and clears the union of their flags', () => {
    const readiness = evaluate({
      snapshot: { takenAt: ago(1_000), depositsPaused: true },
      rpc: { healthy: false, error: 'timeout' },
      hlpSnapshot: null,
    });
    expect(readiness.reasonCodes).toEqual(['RPC_UNHEALTHY', 'HLP_SNAPSHOT_MISSING', 'DEPOSITS_PAUSED']);
    expect(readiness).toMatchObject({
      display: false,
      history: false,
      activity: true,
      operations: false,
      deposits: false,
    });
  });

  it('every reason code clears deposits, the strongest promise', () => {
    const clearingOthersButNotDeposits = READINESS_REASON_CODES.filter(
      (code) =>
        !(REASON_CLEARS[code] as readonly string[]).includes('deposits') &&
        (REASON_CLEARS[code] as readonly string[]).includes('operations'),
    );
    expect(clearingOthersButNotDeposits).toEqual([]);
  });
});
