import type { VaultEvent } from '@yv/domain';
import { logPosition, topic0, topicAddress, topicUint, word, type DecodedLog } from '../../logs/decode';
import { eventTopics } from '../../logs/events';
import { decodeDeposit, decodeTransfer } from '../../logs/standard-events';
import type { RawLog } from '../../rpc';

const T = eventTopics('SvcVault', [
  'Deposit',
  'RedeemRequest',
  'RedeemFulfilled',
  'RedeemClaimed',
  'Withdraw',
  'CancelRedeemClaim',
  'Transfer',
]);

type Decoder = (log: RawLog) => VaultEvent;

/**
 * A redemption's `owner` in the domain is who may claim or cancel it: the ERC-7540 controller. Its `receiver` is the
 * controller too: the USDC's receiver is named at claim time.
 */
const BY_TOPIC: ReadonlyMap<string, Decoder> = new Map<string, Decoder>([
  [T.Deposit, decodeDeposit],
  // ERC-7540 RedeemRequest(controller, owner, requestId, sender, shares).
  [
    T.RedeemRequest,
    ({ topics: t, data }) => ({
      name: 'RedeemRequested',
      id: topicUint(t[3]),
      owner: topicAddress(t[1]),
      receiver: topicAddress(t[1]),
      shares: word(data, 1),
    }),
  ],
  // RedeemFulfilled(requestId, controller, shares, assets).
  [
    T.RedeemFulfilled,
    ({ topics: t, data }) => ({
      name: 'RedeemFulfilled',
      id: topicUint(t[1]),
      owner: topicAddress(t[2]),
      receiver: topicAddress(t[2]),
      shares: word(data, 0),
      assets: word(data, 1),
    }),
  ],
  // RedeemClaimed(requestId, controller, receiver, shares, assets).
  [
    T.RedeemClaimed,
    ({ topics: t, data }) => ({
      name: 'RedeemClaimed',
      id: topicUint(t[1]),
      owner: topicAddress(t[2]),
      receiver: topicAddress(t[3]),
      shares: word(data, 0),
      assets: word(data, 1),
    }),
  ],
  // ERC-4626 Withdraw(sender, receiver, owner, assets, shares) on its own: an instant redemption.
  [
    T.Withdraw,
    ({ topics: t, data }) => ({
      name: 'InstantRedeem',
      owner: topicAddress(t[3]),
      receiver: topicAddress(t[2]),
      shares: word(data, 1),
      assets: word(data, 0),
    }),
  ],
  // ERC-7887 CancelRedeemClaim(controller, receiver, requestId, sender, shares): the cancel gave the shares back.
  [
    T.CancelRedeemClaim,
    ({ topics: t, data }) => ({
      name: 'RedeemCancelled',
      id: topicUint(t[3]),
      owner: topicAddress(t[1]),
      receiver: topicAddress(t[2]),
      shares: word(data, 1),
    }),
  ],
  [T.Transfer, decodeTransfer],
]);

export const VAULT_V3_TOPICS: readonly string[] = [...BY_TOPIC.keys()];

/** The Withdraw a claim emits right after its RedeemClaimed: the claim already says it, with the request id. */
function isClaimWithdraw(log: RawLog, previous: RawLog | undefined): boolean {
  return (
    previous !== undefined &&
    topic0(previous) === T.RedeemClaimed &&
    previous.transactionHash === log.transactionHash &&
    Number(previous.logIndex) + 1 === Number(log.logIndex)
  );
}

/**
 * Decodes a range's logs in chain order. A claim emits RedeemClaimed and then ERC-4626 Withdraw; that Withdraw is
 * folded into the claim, and any other Withdraw is an instant redemption. A followed topic with a malformed body
 * throws LogDecodeError.
 */
export function decodeVaultV3Logs(logs: readonly RawLog[]): DecodedLog[] {
  const out: DecodedLog[] = [];
  logs.forEach((log, i) => {
    const topic = topic0(log);
    const decoder = BY_TOPIC.get(topic);
    if (!decoder) return;
    if (topic === T.Withdraw && isClaimWithdraw(log, logs[i - 1])) return;
    out.push({ ...logPosition(log), event: decoder(log) });
  });
  return out;
}
