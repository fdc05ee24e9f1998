import { common, int, port, type ConfigOf } from '@yv/config';

/** The indexer's environment: the common variables plus its own. */
export const indexerEnv = {
  ...common,
  /** Blocks behind the tip after which a block is final; a deeper reorg halts the indexer. */
  CONFIRMATIONS: int({ min: 0, max: 10_000, default: 2 }),
  /** Wait between polls once caught up with the tip, in ms. */
  POLL_INTERVAL_MS: int({ min: 50, max: 600_000, default: 500 }),
  /** Widest eth_getLogs range; halved while the node refuses a range, grown back after successes. */
  MAX_BLOCK_RANGE: int({ min: 1, max: 1_000_000, default: 2_000 }),
  METRICS_PORT: port({ default: 9101 }),
};

export type IndexerConfig = ConfigOf<typeof indexerEnv>;
