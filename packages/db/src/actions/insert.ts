import { randomUUID } from 'node:crypto';
import { outboxAppendSql, type OutboxEventType } from '../outbox';
import type { LookupRow } from '../lookups';
import type { Queryable } from '../queryable';
import { COLUMNS, parsedByLookup, type PartnerActionColumns } from './row';
import type { NewPartnerAction, PartnerActionRow } from './types';

/** The row a new action becomes, as the table's defaults complete it. */
export function newPartnerActionRow(action: NewPartnerAction, createdAt: Date): PartnerActionRow {
  return {
    ...action,
    txHash: null,
    lastError: null,
    indexingPending: false,
    indexedAt: null,
    receiptBlockNumber: null,
    submittedAt: null,
    createdAt,
    updatedAt: createdAt,
  };
}

/** A new action, stamped by the caller's clock, and its first event. */
export interface NewActionCreation {
  action: NewPartnerAction;
  createdAt: Date;
  /** Rendered by the caller from newPartnerActionRow(action, createdAt): the row as the insert stores it. */
  event: { type: OutboxEventType; payload: unknown };
}

/**
 * Inserts actions, each with its first event (outboxAppendSql: the first of a new aggregate, so sequence 1), in ONE
 * statement: atomic without BEGIN and COMMIT, and the creations that arrive together share one round trip and one
 * commit instead of one each. Each event's payload was rendered from the row as the defaults complete it, which is
 * why `createdAt` comes from the caller (the clock that also stamps the quote) rather than from the database. An action
 * whose partner already used the idempotency key is not written and answers null: the unique constraint, not a
 * prior read, decides which of concurrent first requests wins, also between two of one call. The statement is
 * prepared (named), as are the key and Idempotency-Key lookups before it: parsing and planning them on every
 * creation cost PostgreSQL (docs/performance.md#insertpartneractions).
 * @returns each new row as stored, in the creations' order; null where the key was taken (read the winner with
 *   findPartnerActionByKey).
 */
export async function insertPartnerActions(
  db: Queryable,
  creations: readonly NewActionCreation[],
): Promise<(PartnerActionRow | null)[]> {
  if (creations.length === 0) return [];
  // One jsonb parameter for the whole batch: PostgreSQL parses it once, and the JSON columns travel as JSON, not
  // escaped again as elements of array literals (docs/performance.md#insertpartneractions).
  const input = creations.map(({ action, createdAt, event }) => ({
    id: action.id,
    partner_id: action.partnerId,
    idempotency_key: action.idempotencyKey,
    request_fingerprint: action.requestFingerprint,
    response_status: action.responseStatus,
    action: action.action,
    status: action.status,
    wallet: action.wallet,
    receiver: action.receiver,
    redeem_id: action.redeemId,
    request: action.request,
    quote: action.quote,
    steps: action.steps,
    funding: action.funding,
    receive_chain_id: action.receiveChainId,
    expires_at: action.expiresAt,
    created_at: createdAt,
    event_id: randomUUID(),
    event_type: event.type,
    payload: event.payload,
  }));
  const { rows } = await db.query<PartnerActionColumns & LookupRow>({
    name: 'partner-actions-insert',
    text: `WITH input AS (
       SELECT * FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (id uuid, partner_id uuid, idempotency_key text,
              request_fingerprint text, response_status int, action text, status text, wallet text, receiver text,
              redeem_id text, request jsonb, quote jsonb, steps jsonb, funding jsonb, receive_chain_id int,
              expires_at timestamptz, created_at timestamptz, event_id uuid, event_type text, payload jsonb))
         WITH ORDINALITY AS i(id, partner_id, idempotency_key, request_fingerprint, response_status, action, status,
              wallet, receiver, redeem_id, request, quote, steps, funding, receive_chain_id, expires_at, created_at,
              event_id, event_type, payload, lookup)
     ), inserted AS (
       INSERT INTO partner_actions (id, partner_id, idempotency_key, request_fingerprint, response_status, action,
          status, wallet, receiver, redeem_id, request, quote, steps, funding, receive_chain_id, expires_at,
          created_at, updated_at)
       SELECT id, partner_id, idempotency_key, request_fingerprint, response_status, action, status, wallet,
              receiver, redeem_id, request, quote, steps, funding, receive_chain_id, expires_at, created_at,
              created_at
         FROM input ORDER BY lookup
       ON CONFLICT (partner_id, idempotency_key) DO NOTHING
       RETURNING ${COLUMNS}
     ), first_event AS (
       SELECT input.event_id, input.event_type AS type, inserted.id::text AS aggregate_id,
              inserted."partnerId" AS partner_id, input.payload, input.lookup AS ord
         FROM inserted JOIN input ON input.id = inserted.id
     ), ${outboxAppendSql('first_event')}
     SELECT input.lookup, inserted.* FROM inserted JOIN input ON input.id = inserted.id`,
    values: [JSON.stringify(input)],
  });
  return parsedByLookup(creations.length, rows);
}
