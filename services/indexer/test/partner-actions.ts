import { randomUUID } from 'node:crypto';
import {
  insertOutboxEvent,
  insertPartner,
  insertPartnerAction,
  listOutboxEvents,
  lockPartnerAction,
  updatePartnerAction,
  withTransaction,
  type PartnerActionChanges,
  type PartnerActionRow,
  type Pool,
} from '@yv/db';
import { toPartnerActionJson, transition, withFinalStepStatus, type ActionStep } from '@yv/domain';
import type { DevnetVault } from '@yv/testkit';

type Kind = Parameters<typeof transition>[0];
type Status = Parameters<typeof transition>[1];

/**
 * The gateway's writes, done the way its ActionStore does them (lock, transition check, update, outbox row in one
 * transaction), so these tests start from the rows the indexer meets in production without running the gateway.
 */
export function gatewayWrites(pool: Pool, vault: DevnetVault) {
  async function change(id: string, changes: PartnerActionChanges): Promise<PartnerActionRow> {
    return withTransaction(pool, async (tx) => {
      const current = (await lockPartnerAction(tx, id))!;
      transition(current.action as Kind, current.status as Status, changes.status as Status);
      const updated = (await updatePartnerAction(tx, id, changes))!;
      await insertOutboxEvent(tx, {
        type: 'action.updated',
        aggregateId: id,
        partnerId: updated.partnerId,
        payload: toPartnerActionJson(updated, vault.deployment),
      });
      return updated;
    });
  }

  return {
    async partner(): Promise<string> {
      return (await insertPartner(pool, { id: randomUUID(), name: 'indexer test', webhookUrl: null })).id;
    },
    async create(
      partnerId: string,
      action: Kind,
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
      return withTransaction(pool, async (tx) => {
        const row = (await insertPartnerAction(tx, {
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
        }))!;
        await insertOutboxEvent(tx, {
          type: 'action.updated',
          aggregateId: row.id,
          partnerId,
          payload: toPartnerActionJson(row, vault.deployment),
        });
        return row;
      });
    },
    /** An approval step seen confirmed: created → requires_signature. */
    requiresSignature: (id: string) => change(id, { status: 'requires_signature' }),
    submit: (id: string, txHash: string) =>
      change(id, { status: 'submitted', txHash: txHash.toLowerCase(), submittedAt: new Date() }),
    /** What followReceipt does on a successful receipt. */
    async confirm(row: PartnerActionRow, txHash: string): Promise<PartnerActionRow> {
      const receipt = (await vault.provider.getTransactionReceipt(txHash))!;
      return change(row.id, {
        status: 'confirmed',
        receiptBlockNumber: String(receipt.blockNumber),
        indexingPending: true,
        steps: withFinalStepStatus(row.steps as ActionStep[], 'confirmed'),
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
