import { answerHex, wordAt } from '../abi-words';

/**
 * The shape of every transaction a partner signs. The service never signs: a layout's calls (layouts/) only encode,
 * so the same bytes are simulated, returned to the partner and later compared with the submitted transaction.
 */

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

export function toTxRequest(call: ContractCall, chainId: number): TxRequestJson {
  return { to: call.to, data: call.data, value: '0', chainId };
}

/** Decodes the uint256 a simulated call returned (deposit shares, redeemed or reserved assets, share price). */
export function decodeUintResult(returnData: string): bigint {
  return wordAt('uint256 result', answerHex('uint256 result', returnData), 0);
}
