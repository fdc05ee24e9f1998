import type { StepTxRequest } from './steps';

/** A transaction as read from the chain, reduced to what a submit is checked against. */
export interface SentTransaction {
  from: string;
  to: string | null;
  data: string;
  value: bigint;
  chainId: bigint;
}

/**
 * Why a sent transaction is not the action's final step, or null when it is: the sender must be the action's
 * wallet, and target, calldata, value and chain exactly the step's. Addresses compare case-insensitively, calldata
 * as bytes (hex case ignored).
 */
export function sentTxMismatch(
  sent: SentTransaction,
  wallet: string,
  expected: StepTxRequest,
): string | null {
  if (sent.from.toLowerCase() !== wallet.toLowerCase())
    return `the transaction was sent from ${sent.from}, but this action's wallet is ${wallet}`;
  if (sent.chainId !== BigInt(expected.chainId))
    return `the transaction is for chain ${sent.chainId}, but this action's final step is for chain ${expected.chainId}`;
  if ((sent.to ?? '').toLowerCase() !== expected.to.toLowerCase())
    return `the transaction was sent to ${sent.to ?? 'no address (a contract creation)'}, but this action's final step targets ${expected.to}`;
  if (sent.data.toLowerCase() !== expected.data.toLowerCase())
    return "the transaction's calldata differs from this action's final step: sign the step's `tx.data` unchanged";
  if (sent.value !== BigInt(expected.value))
    return `the transaction sends value ${sent.value}, but this action's final step sends ${expected.value}`;
  return null;
}
