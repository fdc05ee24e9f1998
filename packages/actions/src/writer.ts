import {
  insertOutboxEvent,
  insertPartnerActions,
  lockPartnerAction,
  newPartnerActionRow,
  updatePartnerAction,
  withTransaction,
  type NewActionCreation,
  type NewOutboxEvent,
  type NewPartnerAction,
  type PartnerActionChanges,
  type PartnerActionRow,
  type Pool,
  type PoolClient,
} from '@yv/db';
import { toPartnerActionJson, transition, type ActionDeployment, type PartnerActionJson } from '@yv/domain';
import { batched } from '@yv/runtime';
import type { PartnerActionStatus } from '@yv/schemas';

/** An action as written: the row and the resource its `action.updated` event carries. */
export interface WrittenAction {
  row: PartnerActionRow;
  json: PartnerActionJson;
}

/** Looks at the locked action and says what to change; null leaves it as it is (no event). */
export type ActionDecision = (current: PartnerActionRow) => PartnerActionChanges | null;

/**
 * Further events of the same change (the redemption a move changed), appended in its transaction while the action's
 * row lock orders them. Database reads only: a chain read is made before `change`, so no lock waits on the network.
 */
export type RelatedEvents = (tx: PoolClient, updated: PartnerActionRow) => Promise<NewOutboxEvent[]>;

export interface ActionChange {
  /** The action after the change, or as it was when the decision was null. */
  row: PartnerActionRow;
  changed: boolean;
}

export interface ActionWriter {
  /** @returns the new action, or null when the partner already used the idempotency key. */
  create(action: NewPartnerAction): Promise<WrittenAction | null>;
  /** @returns the outcome, or null when the id is unknown. */
  change(id: string, decide: ActionDecision, related?: RelatedEvents): Promise<ActionChange | null>;
}

export interface ActionWriterDeps {
  pool: Pool;
  deployment: ActionDeployment;
  /** Stamps a new action's createdAt (default: this process's clock). */
  clock?: () => Date;
  /** Called after each committed creation, for metrics. */
  onCreated?: (row: PartnerActionRow) => void;
  /** Called after each committed status change with the status entered, for metrics. */
  onTransition?: (to: PartnerActionStatus) => void;
}

const now = (): Date => new Date();

/**
 * The one writer of partner_actions, for the gateway and the indexer alike (docs/design.md#partner-action-states):
 * a creation is one statement (shared by the creations that arrive together) that inserts the action with its first
 * `action.updated` outbox event; every change is one transaction that changes the action under its row lock, checks
 * a status change against the state machine, and appends the event; so a webhook is sent for every change and only
 * for those.
 */
export function createActionWriter(deps: ActionWriterDeps): ActionWriter {
  const render = (row: PartnerActionRow): PartnerActionJson => toPartnerActionJson(row, deps.deployment);

  // The creations whose quotes were answered together are written with one statement.
  const insert = batched((creations: NewActionCreation[]) => insertPartnerActions(deps.pool, creations));

  return {
    async create(action) {
      const createdAt = (deps.clock ?? now)();
      // Rendered once, from the row as the insert stores it: the event's payload is the answer.
      const json = render(newPartnerActionRow(action, createdAt));
      const row = await insert({ action, createdAt, event: { type: 'action.updated', payload: json } });
      if (!row) return null;
      deps.onCreated?.(row);
      return { row, json };
    },

    async change(id, decide, related) {
      let entered: PartnerActionStatus | undefined;
      const outcome = await withTransaction(deps.pool, async (tx) => {
        const current = await lockPartnerAction(tx, id);
        if (!current) return null;
        const changes = decide(current);
        if (!changes) return { row: current, changed: false };
        if (changes.status !== undefined && changes.status !== current.status)
          entered = transition(current.action, current.status, changes.status);
        const updated = (await updatePartnerAction(tx, id, changes))!;
        await insertOutboxEvent(tx, {
          type: 'action.updated',
          aggregateId: updated.id,
          partnerId: updated.partnerId,
          payload: render(updated),
        });
        for (const event of (await related?.(tx, updated)) ?? []) await insertOutboxEvent(tx, event);
        return { row: updated, changed: true };
      });
      if (entered) deps.onTransition?.(entered);
      return outcome;
    },
  };
}
