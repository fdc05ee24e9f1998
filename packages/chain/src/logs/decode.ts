import type { VaultEvent } from '@yv/domain';
import type { RawLog } from '../rpc';

/** Where a log sits on the chain; hashes and addresses lowercase. */
export interface LogPosition {
  readonly address: string;
  readonly blockNumber: bigint;
  readonly blockHash: string;
  readonly txHash: string;
  readonly logIndex: number;
  /**
   * The block's timestamp in seconds when the node's log carries it (ethereum/execution-apis#639: geth, reth, besu,
   * erigon, anvil, EDR from 0.20), else null: a log that carries it needs no header to be dated.
   */
  readonly blockTimestamp: bigint | null;
}

export type DecodedLog = LogPosition & { readonly event: VaultEvent };

export class LogDecodeError extends Error {
  override readonly name = 'LogDecodeError';
}

// Hand-decoding: every field is a static 32-byte word (uint256 or address), so slicing hex is all a log needs; a
// generic ABI decoder would more than double a backfill (docs/performance.md#log-decoding-by-hand).
export const topicAddress = (topic: string | undefined): string => {
  if (topic === undefined || topic.length !== 66) throw new LogDecodeError('missing indexed address topic');
  return `0x${topic.slice(26).toLowerCase()}`;
};
export const topicUint = (topic: string | undefined): bigint => {
  if (topic === undefined || topic.length !== 66) throw new LogDecodeError('missing indexed uint topic');
  return BigInt(topic);
};
export const word = (data: string, i: number): bigint => {
  const start = 2 + i * 64;
  if (data.length < start + 64) throw new LogDecodeError(`data has no word ${i}`);
  return BigInt(`0x${data.slice(start, start + 64)}`);
};

const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;

export function logPosition(log: RawLog): LogPosition {
  const timestamp = log.blockTimestamp ?? null;
  if (timestamp !== null && !QUANTITY.test(timestamp))
    throw new LogDecodeError(`blockTimestamp ${timestamp.slice(0, 20)} is not a hex quantity`);
  return {
    address: log.address.toLowerCase(),
    blockNumber: BigInt(log.blockNumber),
    blockHash: log.blockHash.toLowerCase(),
    txHash: log.transactionHash.toLowerCase(),
    logIndex: Number(log.logIndex),
    blockTimestamp: timestamp === null ? null : BigInt(timestamp),
  };
}

export const topic0 = (log: RawLog): string => log.topics[0]?.toLowerCase() ?? '';
