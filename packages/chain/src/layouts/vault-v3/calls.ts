import { MockUSDC__factory, SvcVault__factory } from '@yv/contracts';
import type { Deployment } from '@yv/config';
import { functionCodec } from '../../abi-function';
import type { VaultCalls } from '../types';

const erc20 = MockUSDC__factory.createInterface();
export const svcVault = SvcVault__factory.createInterface();

/**
 * svc-vault-v3: every call goes to the one vault contract. Deposits use the ERC-5143-style
 * `deposit(assets, receiver, minShares)`; queued exits are ERC-7540 requests whose controller is the owner, claimed
 * by id (`claimRedeem`) so the claimed request is exactly the one the partner named.
 */
export function vaultV3Calls(d: Deployment): VaultCalls {
  const vault = d.contracts.vault;
  const call = (fn: string, args: unknown[] = []) => ({
    to: vault,
    data: functionCodec(svcVault, fn).encode(args),
  });
  return {
    approveDeposit: (amount) => ({
      to: d.contracts.usdc,
      data: functionCodec(erc20, 'approve').encode([vault, amount]),
    }),
    deposit: (assets, receiver, minShares) =>
      call('deposit(uint256,address,uint256)', [assets, receiver, minShares]),
    checkDeposit: (receiver, assets) => call('checkDeposit', [receiver, assets]),
    requestRedeem: (shares, owner) => call('requestRedeem', [shares, owner, owner]),
    redeemInstant: (shares, owner, receiver, minAssetsOut) =>
      call('redeemInstant', [shares, receiver, owner, minAssetsOut]),
    claimRedeem: (id, receiver) => call('claimRedeem', [id, receiver]),
    cancelRedeem: (id, owner) => call('cancelRedeemRequest', [id, owner]),
    fulfillRedeem: (id) => call('fulfillRedeem', [id]),
    sharePrice: () => call('sharePrice'),
  };
}
