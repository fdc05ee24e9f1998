import { Interface, type InterfaceAbi } from 'ethers';
import { artifact, type ContractName } from '@yv/contracts';

/** The vault events the indexer follows, by the contract that emits them. */
export const FOLLOWED_EVENTS = {
  DepositPipe: ['Deposit'],
  RedemptionPipe: ['RedeemRequested', 'RedeemFulfilled', 'RedeemClaimed', 'RedeemCancelled', 'InstantRedeem'],
  Share: ['Transfer'],
} as const satisfies Partial<Record<ContractName, readonly string[]>>;

export type FollowedContract = keyof typeof FOLLOWED_EVENTS;
export type VaultEventName = (typeof FOLLOWED_EVENTS)[FollowedContract][number];

/** topic0 of each followed event, taken from the compiled ABI so a changed signature fails here, not silently. */
export const EVENT_TOPICS: Readonly<Record<VaultEventName, string>> = (() => {
  const topics: Partial<Record<VaultEventName, string>> = {};
  for (const [contract, names] of Object.entries(FOLLOWED_EVENTS) as [
    FollowedContract,
    readonly VaultEventName[],
  ][]) {
    const iface = new Interface(artifact(contract).abi as InterfaceAbi);
    for (const name of names) {
      const event = iface.getEvent(name);
      if (!event) throw new Error(`${contract} ABI has no event ${name}`);
      topics[name] = event.topicHash;
    }
  }
  return topics as Record<VaultEventName, string>;
})();
