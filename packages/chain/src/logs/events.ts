import { Interface, type InterfaceAbi } from 'ethers';
import { artifact, type ContractName } from '@yv/contracts';

/**
 * topic0 of each named event of `contract`, taken from the compiled ABI so a changed signature fails at load, not
 * silently.
 */
export function eventTopics<N extends string>(
  contract: ContractName,
  names: readonly N[],
): Record<N, string> {
  const iface = new Interface(artifact(contract).abi as InterfaceAbi);
  const topics = {} as Record<N, string>;
  for (const name of names) {
    const event = iface.getEvent(name);
    if (!event) throw new Error(`${contract} ABI has no event ${name}`);
    topics[name] = event.topicHash.toLowerCase();
  }
  return topics;
}
