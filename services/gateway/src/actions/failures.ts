/**
 * `lastError.code` of a failed action (lastError is free-form in the spec; these are ours, documented in the
 * OpenAPI description of the action endpoints):
 * - TX_REVERTED: the receipt has status 0.
 * - TX_DROPPED: the transaction left the node, or was not mined, within the drop window.
 * - TX_MISMATCH: the transaction is not the final step's (kept for hashes attached before submits were verified).
 * - QUOTE_EXPIRED: `quote.expiresAt` passed with nothing submitted.
 */
export type ActionFailure = 'TX_REVERTED' | 'TX_DROPPED' | 'TX_MISMATCH' | 'QUOTE_EXPIRED';

export function lastError(code: ActionFailure, message: string): { code: ActionFailure; message: string } {
  return { code, message };
}
