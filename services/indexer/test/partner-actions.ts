import { randomUUID } from 'node:crypto';
import { createActionWriter, type ActionWriter } from '@yv/actions';
import {
  insertPartner,
  listOutboxEvents,
  type PartnerActionChanges,
  type PartnerActionRow,
  type Pool,
} from '@yv/db';
import { withFinalStepStatus, type ActionStep } from '@yv/domain';
import type { ActionKind } from '@yv/schemas';
import type { DevnetVault } from '@yv/testkit';

/**
 * The gateway's writes, done through the same ActionWriter the gateway uses, so these tests start from the rows
 * the indexer meets in production without running the gateway.
 */
export function gatewayWrites(pool: Pool, vault: DevnetVault) {
  const writer: ActionWriter = createActionWriter({ pool, deployment: vault.deployment });
  async function change(id: string, changes: PartnerActionChanges): Promise<PartnerActionRow> {
    return (await writer.change(id, () => changes))!.row;
  }

  return {
    async partner(): Promise<string> {
      return (await insertPartner(pool, { id: randomUUID(), name: 'indexer test', webhookUrl: null })).id;
    },
    async create(
      partnerId: string,
      action: ActionKind,
      wallet: string,
      redeemId: bigint | null = null,
    ): Promise<PartnerActionRow> {
      const step: ActionStep = {
        id: 'step-1',
        kind: action,
        status: 'requires_signature',
        title: action,
        refreshQuoteAfterConfirm: false,
      };
      const written = await writer.create({
        id: randomUUID(),
        partnerId,
        idempotencyKey: `key-${randomUUID()}`,
        requestFingerprint: 'f'.repeat(64),
        responseStatus: 201,
        action,
        status: 'created',
        wallet: wallet.toLowerCase(),
        receiver: wallet.toLowerCase(),
        redeemId: redeemId === null ? null : redeemId.toString(),
        request: { account: wallet },
        quote: {},
        steps: [step],
        funding: null,
        receiveChainId: 999,
        expiresAt: new Date(Date.now() + 600_000),
      });
      return written!.row;
    },
    submit: (id: string, txHash: string) =>
      change(id, { status: 'submitted', txHash: txHash.toLowerCase(), submittedAt: new Date() }),
    /** What followReceipt does on a successful receipt. */
    async confirm(row: PartnerActionRow, txHash: string): Promise<PartnerActionRow> {
      const receipt = (await vault.provider.getTransactionReceipt(txHash))!;
      return change(row.id, {
        status: 'confirmed',
        receiptBlockNumber: String(receipt.blockNumber),
        indexingPending: true,
        steps: withFinalStepStatus(row.steps, 'confirmed'),
      });
    },
  };
}

/** The statuses an action's webhooks carried, in sequence order (checks the sequence has no gap). */
export async function webhookStatuses(pool: Pool, id: string): Promise<string[]> {
  const events = await listOutboxEvents(pool, 'action.updated', id);
  expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
  return events.map((e) => (e.payload as { status: string }).status);
}

export async function redeemWebhooks(pool: Pool, redeemId: bigint) {
  const events = await listOutboxEvents(pool, 'redeem.updated', redeemId.toString());
  expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
  return events;
}
