import type { VaultEvent } from '@yv/domain';
import type { RawLog } from '../rpc';
import { topicAddress, word } from './decode';

/** ERC-20 Transfer(from, to, value): the share token's, on either layout. */
export const decodeTransfer = ({ topics: t, data }: RawLog): VaultEvent => ({
  name: 'Transfer',
  from: topicAddress(t[1]),
  to: topicAddress(t[2]),
  value: word(data, 0),
});

/** ERC-4626 Deposit(sender, owner, assets, shares), which v2's DepositPipe emits too: `owner` got the shares. */
export const decodeDeposit = ({ topics: t, data }: RawLog): VaultEvent => ({
  name: 'Deposit',
  sender: topicAddress(t[1]),
  receiver: topicAddress(t[2]),
  assets: word(data, 0),
  shares: word(data, 1),
});
