import {
  Core__factory,
  DepositPipe__factory,
  MockUSDC__factory,
  RedemptionPipe__factory,
} from '@yv/contracts';
import type { Deployment } from '@yv/config';
import { functionCodec } from '../../abi-function';
import type { VaultCalls } from '../types';

const erc20 = MockUSDC__factory.createInterface();
const core = Core__factory.createInterface();
const depositPipe = DepositPipe__factory.createInterface();
const redemptionPipe = RedemptionPipe__factory.createInterface();

/**
 * svc-pipe-v2: deposits through DepositPipe (which the depositor approves, never Core), every exit through
 * RedemptionPipe, always for msg.sender. The service never signs: these only encode.
 */
export function pipeV2Calls(d: Deployment): VaultCalls {
  const c = d.contracts;
  const toPipe = (fn: string, args: unknown[]) => ({
    to: c.redemptionPipe,
    data: functionCodec(redemptionPipe, fn).encode(args),
  });
  return {
    approveDeposit: (amount) => ({
      to: c.usdc,
      data: functionCodec(erc20, 'approve').encode([c.depositPipe, amount]),
    }),
    deposit: (assets, receiver, minShares) => ({
      to: c.depositPipe,
      data: functionCodec(depositPipe, 'deposit').encode([assets, receiver, minShares]),
    }),
    checkDeposit: (receiver, assets) => ({
      to: c.core,
      data: functionCodec(core, 'checkDeposit').encode([receiver, assets]),
    }),
    // The shares are escrowed from the owner, who names the USDC's receiver at claim time.
    requestRedeem: (shares, owner) => toPipe('requestRedeem', [shares, owner]),
    redeemInstant: (shares, _owner, receiver, minAssetsOut) =>
      toPipe('redeemInstant', [shares, receiver, minAssetsOut]),
    claimRedeem: (id, receiver) => toPipe('claimRedeem', [id, receiver]),
    cancelRedeem: (id) => toPipe('cancelRedeem', [id]),
    fulfillRedeem: (id) => toPipe('fulfillRedeem', [id]),
    sharePrice: () => ({ to: c.core, data: functionCodec(core, 'sharePrice').encode([]) }),
  };
}
