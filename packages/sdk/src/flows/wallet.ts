import type { components } from '../generated/openapi';

export type TxRequest = components['schemas']['TxRequest'];

/** A read-only call at the latest block (a simulation of a step, or an ERC-20 read). */
export interface CallRequest {
  from: string;
  to: string;
  data: string;
  /** Native value in wei, as the TxRequest carries it (an integer string). */
  value: string;
}

/** What a call answered: its return data, or the revert the node reported (data as the node gave it, if any). */
export type CallOutcome = { ok: true; data: string } | { ok: false; revert: string };

/** The receipt fields the flows check; `success` is status 1. */
export interface ReceiptSummary {
  hash: string;
  success: boolean;
  to: string | null;
  blockNumber: bigint;
}

/**
 * The partner's wallet as the flows use it, whatever signs: an ethers Signer (ethersSignerWallet) or an EIP-1193
 * provider with an account (eip1193Wallet). A call that reverts is an outcome, not an error; a transport fault
 * (the node unreachable, a bad answer) is thrown.
 */
export interface FlowWallet {
  /** The account that signs and owns the funds. */
  getAddress(): Promise<string>;
  getChainId(): Promise<number>;
  call(request: CallRequest): Promise<CallOutcome>;
  /** Asks the wallet to sign and send `tx` as given (to, data, value, chainId); resolves to its hash. */
  sendTransaction(tx: TxRequest): Promise<string>;
  /** null while the transaction is not mined. */
  getReceipt(hash: string): Promise<ReceiptSummary | null>;
}

/**
 * Whether a JSON-RPC error is the node reporting a revert: code 3 (geth, anvil, EIP-1474 "execution reverted"), or
 * Hardhat's -32603 whose message says the VM reverted. Anything else is a fault of the transport or the node.
 */
export function isRevertError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 3 || code === 'CALL_EXCEPTION') return true;
  return typeof message === 'string' && /revert|VM Exception/i.test(message);
}

/** Whether the user declined to sign: EIP-1193's 4001, or ethers' ACTION_REJECTED. */
export function isUserRejection(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === 4001 || code === 'ACTION_REJECTED';
}

/** The revert data or message of a revert error, for the stop's context. */
export function revertDetail(error: unknown): string {
  const { data, message } = (error ?? {}) as { data?: unknown; message?: unknown };
  const nested = (data as { data?: unknown } | null)?.data;
  if (typeof data === 'string') return data;
  if (typeof nested === 'string') return nested;
  return typeof message === 'string' ? message : String(error);
}
