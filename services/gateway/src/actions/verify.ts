import type { PartnerActionRow } from '@yv/db';
import { finalStep, sentTxMismatch, type SentTransaction } from '@yv/domain';

/**
 * Why `sent` is not the action's final transaction, or null when it is. A fulfilment is permissionless (its
 * action's wallet is the zero address, as no account is asked for): any sender may send it, so only its target,
 * calldata, value and chain are compared.
 */
export function finalStepMismatch(row: PartnerActionRow, sent: SentTransaction): string | null {
  const expected = finalStep(row.steps);
  if (!expected.tx) return null;
  const sender = row.action === 'fulfill_redeem' ? sent.from : row.wallet;
  return sentTxMismatch(sent, sender, expected.tx);
}
