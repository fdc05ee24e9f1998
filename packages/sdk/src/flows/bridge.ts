import { sameAddress } from './address';
import type { PartnerAction } from './api';
import { FlowStoppedError } from './errors';

/**
 * Withdrawal rule 3: an instant redemption or a claim towards another chain than the settlement chain pays into a
 * bridge deposit address, so its quote must carry that bridge (to the asked chain) and settle to its address.
 * Signing without it would leave the USDC on the settlement chain, not where the user asked.
 */
export function requireBridge(action: PartnerAction, receiveChainId: number): void {
  if (receiveChainId === action.metadata.chainId) return;
  const withdrawal = action.quote.metadata?.withdrawal;
  const bridge = withdrawal?.postSettlementBridge.bridge;
  if (
    withdrawal?.postSettlementBridge.required &&
    bridge?.destinationChainId === receiveChainId &&
    sameAddress(withdrawal.settlement.receiver, bridge.depositAddress)
  )
    return;
  throw new FlowStoppedError(
    'bridge_missing',
    `action ${action.id} is for chain ${receiveChainId} but its quote has no bridge deposit address to that chain`,
    { actionId: action.id, context: { receiveChainId, withdrawal: withdrawal ?? null } },
  );
}
