import { randomUUID } from 'node:crypto';
import type { PartnerActionStatus } from '@yv/schemas';
import type { OutboxEventType } from '../outbox';
import { oneByLookup, type LookupRow } from '../lookups';
import type { Queryable } from '../queryable';
import type { NewPartnerAction, PartnerActionChanges, PartnerActionRow } from './types';

const COLUMNS = `id, partner_id AS "partnerId", idempotency_key AS "idempotencyKey",
  request_fingerprint AS "requestFingerprint", response_status AS "responseStatus", action, status, wallet, receiver,
  redeem_id AS "redeemId", tx_hash AS "txHash", request, quote, steps, funding, last_error AS "lastError",
  indexing_pending AS "indexingPending", indexed_at AS "indexedAt", receipt_block_number AS "receiptBlockNumber",
  receive_chain_id AS "receiveChainId", expires_at AS "expiresAt", submitted_at AS "submittedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

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

/** A new action and how its first event is stamped and rendered. */
export interface NewActionCreation {
  action: NewPartnerAction;
  event: { createdAt: Date; type: OutboxEventType; payloadOf: (row: PartnerActionRow) => unknown };
}

/**
 * Inserts actions, each with its first `action.updated` event (sequence 1: the aggregate is new), in ONE statement:
 * atomic without BEGIN and COMMIT, and the creations that arrive together share one round trip and one commit
 * instead of one each. Each event's payload is rendered from the row as the defaults complete it, which is why
 * `createdAt` comes from the caller (the clock that also stamps the quote) rather than from the database. An action
 * whose partner already used the idempotency key is not written and answers null: the unique constraint, not a
 * prior read, decides which of concurrent first requests wins, also between two of one call. The statement is
 * prepared (named), as are the key and Idempotency-Key lookups before it: parsing and planning them on every
 * creation was about a third of PostgreSQL's CPU per creation.
 * @returns each new row as stored, in the creations' order; null where the key was taken (read the winner with
 *   findPartnerActionByKey).
 */
export async function insertPartnerActions(
  db: Queryable,
  creations: readonly NewActionCreation[],
): Promise<(PartnerActionRow | null)[]> {
  if (creations.length === 0) return [];
  // One jsonb parameter for the whole batch: PostgreSQL parses it once, and the JSON columns travel as JSON, not
  // escaped again as elements of array literals (that escaping was a tenth of the gateway's CPU per creation).
  const input = creations.map(({ action, event }) => ({
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
    created_at: event.createdAt,
    event_id: randomUUID(),
    event_type: event.type,
    payload: event.payloadOf(newPartnerActionRow(action, event.createdAt)),
  }));
  const { rows } = await db.query<PartnerActionRow & LookupRow>({
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
     ), event AS (
       INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload)
       SELECT input.event_id, input.event_type, inserted.id::text, inserted."partnerId", 1, input.payload
         FROM inserted JOIN input ON input.id = inserted.id
        ORDER BY input.lookup
       RETURNING id
     ), queued AS (
       INSERT INTO outbox_unrelayed (outbox_id) SELECT id FROM event
     )
     SELECT input.lookup, inserted.* FROM inserted JOIN input ON input.id = inserted.id`,
    values: [JSON.stringify(input)],
  });
  return oneByLookup(creations.length, rows);
}

export async function findPartnerActionByKey(
  db: Queryable,
  partnerId: string,
  idempotencyKey: string,
): Promise<PartnerActionRow | null> {
  return (await findPartnerActionsByKeys(db, [{ partnerId, idempotencyKey }]))[0]!;
}

/**
 * The action each (partner, Idempotency-Key) created, null when the key is unused, in the keys' order, in one
 * query: the gateway looks up the creations that arrive together at once. Prepared (named), like the insert.
 */
export async function findPartnerActionsByKeys(
  db: Queryable,
  keys: readonly { partnerId: string; idempotencyKey: string }[],
): Promise<(PartnerActionRow | null)[]> {
  const { rows } = await db.query<PartnerActionRow & { lookup: string }>({
    name: 'partner-actions-by-keys',
    text: `SELECT r.lookup, ${COLUMNS}
       FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS r(key_partner, key_value, lookup)
       JOIN partner_actions ON partner_id = r.key_partner AND idempotency_key = r.key_value`,
    values: [keys.map((k) => k.partnerId), keys.map((k) => k.idempotencyKey)],
  });
  return oneByLookup(keys.length, rows);
}

/** One partner's action: another partner's id reads as absent. */
export async function findPartnerAction(
  db: Queryable,
  partnerId: string,
  id: string,
): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionRow>(
    `SELECT ${COLUMNS} FROM partner_actions WHERE id = $1 AND partner_id = $2`,
    [id, partnerId],
  );
  return rows[0] ?? null;
}

/** Reads and row-locks an action for a transition; call inside a transaction. */
export async function lockPartnerAction(db: Queryable, id: string): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionRow>(
    `SELECT ${COLUMNS} FROM partner_actions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findPartnerActionByTxHash(
  db: Queryable,
  txHash: string,
): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionRow>(
    `SELECT ${COLUMNS} FROM partner_actions WHERE tx_hash = lower($1)`,
    [txHash],
  );
  return rows[0] ?? null;
}

const CHANGE_COLUMNS: Record<keyof PartnerActionChanges, { column: string; json?: true }> = {
  status: { column: 'status' },
  txHash: { column: 'tx_hash' },
  submittedAt: { column: 'submitted_at' },
  steps: { column: 'steps', json: true },
  lastError: { column: 'last_error', json: true },
  indexingPending: { column: 'indexing_pending' },
  indexedAt: { column: 'indexed_at' },
  receiptBlockNumber: { column: 'receipt_block_number' },
  redeemId: { column: 'redeem_id' },
};

/** Applies `changes` and bumps updated_at. @returns the updated row, or null when the id is unknown. */
export async function updatePartnerAction(
  db: Queryable,
  id: string,
  changes: PartnerActionChanges,
): Promise<PartnerActionRow | null> {
  // Never back in time: a creation was stamped by the gateway's clock, which may run ahead of the database's.
  const sets: string[] = ['updated_at = GREATEST(now(), updated_at)'];
  const values: unknown[] = [id];
  for (const [key, value] of Object.entries(changes) as [keyof PartnerActionChanges, unknown][]) {
    if (value === undefined) continue;
    const { column, json } = CHANGE_COLUMNS[key];
    values.push(json && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${values.length}`);
  }
  const { rows } = await db.query<PartnerActionRow>(
    `UPDATE partner_actions SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
    values,
  );
  return rows[0] ?? null;
}

export interface PartnerActionListQuery {
  partnerId: string;
  /** Compared case-insensitively. */
  wallet?: string;
  status?: PartnerActionStatus;
  /** Id of the last action of the previous page; the page starts after it. */
  afterId?: string;
  limit: number;
}

/**
 * A partner's actions, newest first by (created_at, id). `afterId` of an action that is not the partner's gives
 * an empty page.
 */
export async function listPartnerActions(
  db: Queryable,
  query: PartnerActionListQuery,
): Promise<PartnerActionRow[]> {
  const values: unknown[] = [query.partnerId, query.limit];
  const where = ['a.partner_id = $1'];
  if (query.wallet !== undefined) {
    values.push(query.wallet);
    where.push(`lower(a.wallet) = lower($${values.length})`);
  }
  if (query.status !== undefined) {
    values.push(query.status);
    where.push(`a.status = $${values.length}`);
  }
  if (query.afterId !== undefined) {
    values.push(query.afterId);
    where.push(
      `(a.created_at, a.id) < (SELECT c.created_at, c.id FROM partner_actions c
                                WHERE c.id = $${values.length} AND c.partner_id = $1)`,
    );
  }
  const { rows } = await db.query<PartnerActionRow>(
    `SELECT ${COLUMNS} FROM partner_actions a
      WHERE ${where.join(' AND ')} ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
    values,
  );
  return rows;
}

/** Unsigned actions whose quote expired before `now`, oldest first: the expiry sweep's work list. */
export async function listExpiredUnsignedActions(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<PartnerActionRow[]> {
  const { rows } = await db.query<PartnerActionRow>(
    `SELECT ${COLUMNS} FROM partner_actions
      WHERE status IN ('created', 'requires_signature') AND expires_at < $1
      ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows;
}

/**
 * A partner's deposit actions for `wallet` (compared case-insensitively) that ask for an approval and were never
 * submitted, oldest first, but `exceptId`: those a fresh deposit action may supersede.
 */
export async function listUnsignedApprovalDeposits(
  db: Queryable,
  query: { partnerId: string; wallet: string; exceptId: string; limit: number },
): Promise<PartnerActionRow[]> {
  const { rows } = await db.query<PartnerActionRow>(
    `SELECT ${COLUMNS} FROM partner_actions
      WHERE partner_id = $1 AND lower(wallet) = lower($2) AND id <> $3 AND action = 'deposit'
        AND status IN ('created', 'requires_signature') AND tx_hash IS NULL
        AND steps @> '[{"kind": "approval"}]'
      ORDER BY created_at, id LIMIT $4`,
    [query.partnerId, query.wallet, query.exceptId, query.limit],
  );
  return rows;
}

/** Actions waiting for their receipt: re-followed at start, so a job lost with Redis never strands one. */
export async function listSubmittedActionIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM partner_actions WHERE status = 'submitted' ORDER BY submitted_at`,
  );
  return rows.map((row) => row.id);
}

export async function findPartnerActionById(db: Queryable, id: string): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionRow>(`SELECT ${COLUMNS} FROM partner_actions WHERE id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}
