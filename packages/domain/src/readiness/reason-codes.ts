/** The five health.ready flags, weakest to strongest promise. */
export const READY_FLAGS = ['display', 'history', 'activity', 'operations', 'deposits'] as const;
export type ReadyFlag = (typeof READY_FLAGS)[number];

/**
 * Why a flag is false, and which flags each reason clears. The flags mean:
 *  - display: the vault figures (state, caps, liquidity, proof) are fresh enough to show;
 *  - history: the HLP yield history and figures are fresh enough to show;
 *  - activity: activity, redemptions and positions from the indexer are current;
 *  - operations: redeem, claim and cancel actions can be built and will be followed to their end;
 *  - deposits: a deposit can be accepted now (operations, a live and valid keeper, deposits not paused).
 * A reason clears every flag that depends on what it is about, so the table is the whole rule.
 */
export const REASON_CLEARS = {
  /** The watcher's own read of the chain failed, or the indexer reports its RPC unhealthy. */
  RPC_UNHEALTHY: ['display', 'operations', 'deposits'],
  /** No vault snapshot was ever taken. */
  SNAPSHOT_MISSING: ['display', 'operations', 'deposits'],
  /** The latest vault snapshot is older than SNAPSHOT_STALE_MS. */
  SNAPSHOT_STALE: ['display', 'operations', 'deposits'],
  /** No good HLP snapshot was ever stored. */
  HLP_SNAPSHOT_MISSING: ['history'],
  /** The latest good HLP snapshot is older than HLP_SNAPSHOT_STALE_MS. */
  HLP_SNAPSHOT_STALE: ['history'],
  /** The indexer has no state row for this chain: it never ran. */
  INDEXER_UNAVAILABLE: ['activity', 'operations', 'deposits'],
  /**
   * The indexer stopped and waits for an operator: a reorg deeper than its confirmation depth, a node serving another
   * chain, or blocks that do not link (health.indexer and the indexer's log give the reason).
   */
  INDEXER_HALTED: ['activity', 'operations', 'deposits'],
  /** The indexer has not advanced for longer than INDEXER_STALE_MS. */
  INDEXER_STALE: ['activity', 'operations', 'deposits'],
  /** The indexer's cursor is more than INDEXER_MAX_LAG_BLOCKS behind its latest block. */
  INDEXER_LAGGING: ['activity', 'operations', 'deposits'],
  /** The node's head is below the indexer's cursor: a node behind (resyncing, or a lagging replica) serves reads. */
  INDEXER_NODE_BEHIND: ['activity', 'operations', 'deposits'],
  /** No valid keeper heartbeat was ever received. */
  KEEPER_HEARTBEAT_MISSING: ['deposits'],
  /** The latest valid keeper heartbeat is older than KEEPER_HEARTBEAT_STALE_MS. */
  KEEPER_HEARTBEAT_STALE: ['deposits'],
  /** The latest heartbeat failed its checks: wrong keeper address, unparseable payload, or `ok: false`. */
  KEEPER_HEARTBEAT_INVALID: ['deposits'],
  /** Core.depositsPaused() is true in the latest snapshot. Exits stay available. */
  DEPOSITS_PAUSED: ['deposits'],
  /** The watcher never stored a readiness evaluation: nothing vouches for any flag. */
  READINESS_MISSING: ['display', 'history', 'activity', 'operations', 'deposits'],
  /** The watcher's latest evaluation is older than the gateway's READINESS_MAX_AGE_MS: the watcher is down. */
  READINESS_STALE: ['display', 'history', 'activity', 'operations', 'deposits'],
} as const satisfies Record<string, readonly ReadyFlag[]>;

export type ReadinessReasonCode = keyof typeof REASON_CLEARS;

export const READINESS_REASON_CODES = Object.keys(REASON_CLEARS) as ReadinessReasonCode[];
