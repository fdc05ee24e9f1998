import type { VaultEvent } from '@yv/domain';
import type { RawLog } from '../rpc';
import { EVENT_TOPICS, type VaultEventName } from './events';

/** Where a log sits on the chain; hashes and addresses lowercase. */
export interface LogPosition {
  readonly address: string;
  readonly blockNumber: bigint;
  readonly blockHash: string;
  readonly txHash: string;
  readonly logIndex: number;
}

export type DecodedLog = LogPosition & { readonly event: VaultEvent };

export class LogDecodeError extends Error {
  override readonly name = 'LogDecodeError';
}

// Hand-decoding: every field is a static 32-byte word (uint256 or address), so slicing hex beats a generic ABI
// decoder by an order of magnitude on large backfills.
const topicAddress = (topic: string | undefined): string => {
  if (topic === undefined || topic.length !== 66) throw new LogDecodeError('missing indexed address topic');
  return `0x${topic.slice(26).toLowerCase()}`;
};
const topicUint = (topic: string | undefined): bigint => {
  if (topic === undefined || topic.length !== 66) throw new LogDecodeError('missing indexed uint topic');
  return BigInt(topic);
};
const word = (data: string, i: number): bigint => {
  const start = 2 + i * 64;
  if (data.length < start + 64) throw new LogDecodeError(`data has no word ${i}`);
  return BigInt(`0x${data.slice(start, start + 64)}`);
};

type Decoder = (log: RawLog) => VaultEvent;

const DECODERS: Readonly<Record<VaultEventName, Decoder>> = {
  Deposit: ({ topics: t, data }) => ({
    name: 'Deposit',
    sender: topicAddress(t[1]),
    receiver: topicAddress(t[2]),
    assets: word(data, 0),
    shares: word(data, 1),
  }),
  RedeemRequested: ({ topics: t, data }) => ({
    name: 'RedeemRequested',
    id: topicUint(t[1]),
    owner: topicAddress(t[2]),
    receiver: topicAddress(t[3]),
    shares: word(data, 0),
  }),
  RedeemFulfilled: ({ topics: t, data }) => ({
    name: 'RedeemFulfilled',
    id: topicUint(t[1]),
    owner: topicAddress(t[2]),
    receiver: topicAddress(t[3]),
    shares: word(data, 0),
    assets: word(data, 1),
  }),
  RedeemClaimed: ({ topics: t, data }) => ({
    name: 'RedeemClaimed',
    id: topicUint(t[1]),
    owner: topicAddress(t[2]),
    receiver: topicAddress(t[3]),
    shares: word(data, 0),
    assets: word(data, 1),
  }),
  RedeemCancelled: ({ topics: t, data }) => ({
    name: 'RedeemCancelled',
    id: topicUint(t[1]),
    owner: topicAddress(t[2]),
    receiver: topicAddress(t[3]),
    shares: word(data, 0),
  }),
  InstantRedeem: ({ topics: t, data }) => ({
    name: 'InstantRedeem',
    owner: topicAddress(t[1]),
    receiver: topicAddress(t[2]),
    shares: word(data, 0),
    assets: word(data, 1),
  }),
  Transfer: ({ topics: t, data }) => ({
    name: 'Transfer',
    from: topicAddress(t[1]),
    to: topicAddress(t[2]),
    value: word(data, 0),
  }),
};

/** topic0 → decoder, built once. */
const BY_TOPIC: ReadonlyMap<string, Decoder> = new Map(
  (Object.keys(DECODERS) as VaultEventName[]).map((name) => [EVENT_TOPICS[name], DECODERS[name]]),
);

/**
 * Decodes one log of a followed event, or returns null for any other topic0 (an address may emit events we
 * do not follow). A followed topic with a malformed body throws LogDecodeError: that is a wrong address or ABI,
 * never something to skip.
 */
export function decodeVaultLog(log: RawLog): DecodedLog | null {
  const decoder = BY_TOPIC.get(log.topics[0]?.toLowerCase() ?? '');
  if (!decoder) return null;
  return {
    address: log.address.toLowerCase(),
    blockNumber: BigInt(log.blockNumber),
    blockHash: log.blockHash.toLowerCase(),
    txHash: log.transactionHash.toLowerCase(),
    logIndex: Number(log.logIndex),
    event: decoder(log),
  };
}
