import {
  insertOutboxEvent,
  insertPartnerAction,
  lockPartnerAction,
  updatePartnerAction,
  withTransaction,
  type NewPartnerAction,
  type PartnerActionChanges,
  type PartnerActionRow,
  type Pool,
  type PoolClient,
} from '@yv/db';
import { toPartnerActionJson, transition, type ActionDeployment } from '@yv/domain';
import type { ActionKind, PartnerActionStatus } from '@yv/schemas';
import type { ActionMetrics } from './metrics';

/**
 * The only writers of partner_actions in the gateway. Each write is one transaction that changes the action and
 * appends its `action.updated` outbox event (SYSTEM.md), so a webhook is sent for every change and only for those.
 */
export interface ActionStore {
  /** @returns the new row, or null when the partner already used the idempotency key. */
  create(action: NewPartnerAction): Promise<PartnerActionRow | null>;
  /**
   * Locks the action, lets `decide` look at it, and applies what it returns. `decide` returns null to leave the
   * action unchanged (no event); a status change is checked against the state machine.
   * @returns the action after the change (or as it was), null when the id is unknown.
   */
  change(
    id: string,
    decide: (current: PartnerActionRow) => PartnerActionChanges | null,
  ): Promise<PartnerActionRow | null>;
}

export function createActionStore(deps: {
  pool: Pool;
  deployment: ActionDeployment;
  metrics: ActionMetrics;
}): ActionStore {
  const appendEvent = (client: PoolClient, row: PartnerActionRow) =>
    insertOutboxEvent(client, {
      type: 'action.updated',
      aggregateId: row.id,
      partnerId: row.partnerId,
      payload: toPartnerActionJson(row, deps.deployment),
    });

  return {
    async create(action) {
      const row = await withTransaction(deps.pool, async (client) => {
        const inserted = await insertPartnerAction(client, action);
        if (inserted) await appendEvent(client, inserted);
        return inserted;
      });
      if (row) deps.metrics.created.inc({ action: row.action });
      return row;
    },

    async change(id, decide) {
      let entered: string | undefined;
      const row = await withTransaction(deps.pool, async (client) => {
        const current = await lockPartnerAction(client, id);
        if (!current) return null;
        const changes = decide(current);
        if (!changes) return current;
        if (changes.status !== undefined && changes.status !== current.status) {
          transition(
            current.action as ActionKind,
            current.status as PartnerActionStatus,
            changes.status as PartnerActionStatus,
          );
          entered = changes.status;
        }
        const updated = (await updatePartnerAction(client, id, changes)) as PartnerActionRow;
        await appendEvent(client, updated);
        return updated;
      });
      if (entered) deps.metrics.transitions.inc({ status: entered });
      return row;
    },
  };
}
