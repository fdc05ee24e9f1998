import type { VaultEvent } from '@yv/domain';
import { logPosition, topic0, topicAddress, topicUint, word, type DecodedLog } from '../../logs/decode';
import { eventTopics } from '../../logs/events';
import { decodeDeposit, decodeTransfer } from '../../logs/standard-events';
import type { RawLog } from '../../rpc';

type Decoder = (log: RawLog) => VaultEvent;

const DEPOSIT_PIPE = eventTopics('DepositPipe', ['Deposit']);
const REDEMPTION_PIPE = eventTopics('RedemptionPipe', [
  'RedeemRequested',
  'RedeemFulfilled',
  'RedeemClaimed',
  'RedeemCancelled',
  'InstantRedeem',
]);
const SHARE = eventTopics('Share', ['Transfer']);

const redemption =
  (name: 'RedeemRequested' | 'RedeemCancelled'): Decoder =>
  ({ topics: t, data }) => ({
    name,
    id: topicUint(t[1]),
    owner: topicAddress(t[2]),
    receiver: topicAddress(t[3]),
    shares: word(data, 0),
  });
const settled =
  (name: 'RedeemFulfilled' | 'RedeemClaimed'): Decoder =>
  ({ topics: t, data }) => ({
    name,
    id: topicUint(t[1]),
    owner: topicAddress(t[2]),
    receiver: topicAddress(t[3]),
    shares: word(data, 0),
    assets: word(data, 1),
  });

/** topic0 → decoder: every v2 event maps one-to-one onto a domain event. */
const BY_TOPIC: ReadonlyMap<string, Decoder> = new Map<string, Decoder>([
  [DEPOSIT_PIPE.Deposit, decodeDeposit],
  [REDEMPTION_PIPE.RedeemRequested, redemption('RedeemRequested')],
  [REDEMPTION_PIPE.RedeemFulfilled, settled('RedeemFulfilled')],
  [REDEMPTION_PIPE.RedeemClaimed, settled('RedeemClaimed')],
  [REDEMPTION_PIPE.RedeemCancelled, redemption('RedeemCancelled')],
  [
    REDEMPTION_PIPE.InstantRedeem,
    ({ topics: t, data }) => ({
      name: 'InstantRedeem',
      owner: topicAddress(t[1]),
      receiver: topicAddress(t[2]),
      shares: word(data, 0),
      assets: word(data, 1),
    }),
  ],
  [SHARE.Transfer, decodeTransfer],
]);

export const PIPE_V2_TOPICS: readonly string[] = [...BY_TOPIC.keys()];

/**
 * A followed topic with a malformed body throws LogDecodeError: that is a wrong address or ABI, never something to
 * skip. Any other topic0 is skipped (an address may emit events we do not follow).
 */
export function decodePipeV2Logs(logs: readonly RawLog[]): DecodedLog[] {
  const out: DecodedLog[] = [];
  for (const log of logs) {
    const decoder = BY_TOPIC.get(topic0(log));
    if (decoder) out.push({ ...logPosition(log), event: decoder(log) });
  }
  return out;
}
