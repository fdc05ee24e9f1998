/** A log as eth_getLogs returns it, hex strings untouched: decoding happens once, in the logs module. */
export interface RawLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
  readonly blockNumber: string;
  readonly blockHash: string;
  readonly transactionHash: string;
  readonly logIndex: string;
  readonly removed?: boolean;
  /** The block's timestamp (hex seconds), on nodes that add it to logs (ethereum/execution-apis#639). */
  readonly blockTimestamp?: string | null;
}

/** The header fields the indexer keeps: blocks are linked parentHash → hash. */
export interface BlockHeader {
  readonly number: bigint;
  readonly hash: string;
  readonly parentHash: string;
  /** Seconds since the epoch. */
  readonly timestamp: bigint;
}

export interface LogFilter {
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
  readonly address: readonly string[];
  /** topics[0] alternatives: only these events come back. */
  readonly topic0: readonly string[];
}

export interface RpcRequest {
  readonly method: string;
  readonly params: readonly unknown[];
}
