import { AbiCoder } from 'ethers';
import {
  Core__factory,
  DepositPipe__factory,
  MockUSDC__factory,
  RedemptionPipe__factory,
} from '@yv/contracts';

/**
 * Calldata of every transaction a partner signs. The service never signs: these only encode, so the same bytes
 * are simulated, returned to the partner and later compared with the submitted transaction.
 */

const erc20 = MockUSDC__factory.createInterface();
const depositPipe = DepositPipe__factory.createInterface();
const redemptionPipe = RedemptionPipe__factory.createInterface();

/** A contract call without value: every vault call is non-payable. */
export interface ContractCall {
  to: string;
  data: string;
}

/** The spec's TxRequest, JSON-ready. */
export interface TxRequestJson {
  to: string;
  data: string;
  value: string;
  chainId: number;
}

export interface CalldataAddresses {
  readonly usdc: string;
  readonly depositPipe: string;
  readonly redemptionPipe: string;
}

export function toTxRequest(call: ContractCall, chainId: number): TxRequestJson {
  return { to: call.to, data: call.data, value: '0', chainId };
}

/** USDC.approve(depositPipe, amount): deposits pull from the account through the pipe, never through Core. */
export function approveDepositPipeCall(a: CalldataAddresses, amount: bigint): ContractCall {
  return { to: a.usdc, data: erc20.encodeFunctionData('approve', [a.depositPipe, amount]) };
}

export function depositCall(
  a: CalldataAddresses,
  assets: bigint,
  receiver: string,
  minShares: bigint,
): ContractCall {
  return {
    to: a.depositPipe,
    data: depositPipe.encodeFunctionData('deposit', [assets, receiver, minShares]),
  };
}

export function requestRedeemCall(a: CalldataAddresses, shares: bigint, receiver: string): ContractCall {
  return {
    to: a.redemptionPipe,
    data: redemptionPipe.encodeFunctionData('requestRedeem', [shares, receiver]),
  };
}

export function redeemInstantCall(
  a: CalldataAddresses,
  shares: bigint,
  receiver: string,
  minAssetsOut: bigint,
): ContractCall {
  return {
    to: a.redemptionPipe,
    data: redemptionPipe.encodeFunctionData('redeemInstant', [shares, receiver, minAssetsOut]),
  };
}

export function claimRedeemCall(a: CalldataAddresses, id: bigint, receiver: string): ContractCall {
  return { to: a.redemptionPipe, data: redemptionPipe.encodeFunctionData('claimRedeem', [id, receiver]) };
}

export function cancelRedeemCall(a: CalldataAddresses, id: bigint): ContractCall {
  return { to: a.redemptionPipe, data: redemptionPipe.encodeFunctionData('cancelRedeem', [id]) };
}

export function fulfillRedeemCall(a: CalldataAddresses, id: bigint): ContractCall {
  return { to: a.redemptionPipe, data: redemptionPipe.encodeFunctionData('fulfillRedeem', [id]) };
}

const core = Core__factory.createInterface();

/**
 * Core.checkDeposit(receiver, assets): the view DepositPipe.deposit runs first, holding every deposit rule except
 * the token transfer. Simulated instead of the deposit while the approval it depends on is not yet confirmed.
 */
export function checkDepositCall(coreAddress: string, receiver: string, assets: bigint): ContractCall {
  return { to: coreAddress, data: core.encodeFunctionData('checkDeposit', [receiver, assets]) };
}

/** Decodes the uint256 a simulated call returned (deposit shares, redeemed or reserved assets). */
export function decodeUintResult(returnData: string): bigint {
  return AbiCoder.defaultAbiCoder().decode(['uint256'], returnData)[0] as bigint;
}
