import { isError, type Provider } from 'ethers';
import { decodeRevert, revertData, type DecodedRevert } from '../revert';
import type { ContractCall } from '../calldata';
import { ethCall } from '../eth-call';

export type SimulationResult =
  | { ok: true; returnData: string }
  | {
      ok: false;
      /** The decoded custom error, or null when the revert carries nothing we can decode. */
      revert: DecodedRevert | null;
      /** One line a person can act on: the decoded error, or the node's reason. */
      reason: string;
    };

/**
 * Runs `call` with eth_call from `from` at `blockTag`, exactly as the partner's wallet would send it. A revert is
 * an answer (ok false, decoded); anything else (the node is down, a timeout) is thrown, because it says nothing
 * about the transaction.
 */
export async function simulateCall(
  provider: Provider,
  from: string,
  call: ContractCall,
  blockTag: number | bigint | string,
): Promise<SimulationResult> {
  try {
    const returnData = await ethCall(provider, { from, to: call.to, data: call.data }, blockTag);
    return { ok: true, returnData };
  } catch (err) {
    if (!isError(err, 'CALL_EXCEPTION') && revertData(err) === null) throw err;
    const revert = decodeRevert(err);
    return { ok: false, revert, reason: revert?.message ?? describeUndecoded(err) };
  }
}

/** A call's outcome inside a Multicall3 batch (allowFailure): its return data, or its revert decoded. */
export function callOutcome(result: { success: boolean; returnData: string }): SimulationResult {
  if (result.success) return { ok: true, returnData: result.returnData };
  const revert = decodeRevert(result.returnData);
  return { ok: false, revert, reason: revert?.message ?? 'execution reverted without a reason' };
}

function describeUndecoded(err: unknown): string {
  const e = err as { reason?: unknown; shortMessage?: unknown };
  if (typeof e.reason === 'string' && e.reason) return e.reason;
  if (typeof e.shortMessage === 'string' && e.shortMessage) return e.shortMessage;
  return 'execution reverted without a reason';
}
