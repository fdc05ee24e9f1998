import type { PartnerActionStatus } from '@yv/schemas';
import type { Queryable } from '../queryable';
import { COLUMNS, firstParsed, parsedByLookup, partnerActionOf, type PartnerActionColumns } from './row';
import type { PartnerActionChanges, PartnerActionRow } from './types';

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
  const { rows } = await db.query<PartnerActionColumns & { lookup: string }>({
    name: 'partner-actions-by-keys',
    text: `SELECT r.lookup, ${COLUMNS}
       FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS r(key_partner, key_value, lookup)
       JOIN partner_actions ON partner_id = r.key_partner AND idempotency_key = r.key_value`,
    values: [keys.map((k) => k.partnerId), keys.map((k) => k.idempotencyKey)],
  });
  return parsedByLookup(keys.length, rows);
}

/** One partner's action: another partner's id reads as absent. */
export async function findPartnerAction(
  db: Queryable,
  partnerId: string,
  id: string,
): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionColumns>(
    `SELECT ${COLUMNS} FROM partner_actions WHERE id = $1 AND partner_id = $2`,
    [id, partnerId],
  );
  return firstParsed(rows);
}

/** Reads and row-locks an action for a transition; call inside a transaction. */
export async function lockPartnerAction(db: Queryable, id: string): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionColumns>(
    `SELECT ${COLUMNS} FROM partner_actions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return firstParsed(rows);
}

export async function findPartnerActionByTxHash(
  db: Queryable,
  txHash: string,
): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionColumns>(
    `SELECT ${COLUMNS} FROM partner_actions WHERE tx_hash = lower($1)`,
    [txHash],
  );
  return firstParsed(rows);
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
  const { rows } = await db.query<PartnerActionColumns>(
    `UPDATE partner_actions SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
    values,
  );
  return firstParsed(rows);
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
  const { rows } = await db.query<PartnerActionColumns>(
    `SELECT ${COLUMNS} FROM partner_actions a
      WHERE ${where.join(' AND ')} ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
    values,
  );
  return rows.map(partnerActionOf);
}

/** Unsigned actions whose quote expired before `now`, oldest first: the expiry sweep's work list. */
export async function listExpiredUnsignedActions(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<PartnerActionRow[]> {
  const { rows } = await db.query<PartnerActionColumns>(
    `SELECT ${COLUMNS} FROM partner_actions
      WHERE status IN ('created', 'requires_signature') AND expires_at < $1
      ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map(partnerActionOf);
}

/**
 * A partner's deposit actions for `wallet` (compared case-insensitively) that ask for an approval and were never
 * submitted, oldest first, but `exceptId`: those a fresh deposit action may supersede.
 */
export async function listUnsignedApprovalDeposits(
  db: Queryable,
  query: { partnerId: string; wallet: string; exceptId: string; limit: number },
): Promise<PartnerActionRow[]> {
  const { rows } = await db.query<PartnerActionColumns>(
    `SELECT ${COLUMNS} FROM partner_actions
      WHERE partner_id = $1 AND lower(wallet) = lower($2) AND id <> $3 AND action = 'deposit'
        AND status IN ('created', 'requires_signature') AND tx_hash IS NULL
        AND steps @> '[{"kind": "approval"}]'
      ORDER BY created_at, id LIMIT $4`,
    [query.partnerId, query.wallet, query.exceptId, query.limit],
  );
  return rows.map(partnerActionOf);
}

/** Actions waiting for their receipt: re-followed at start, so a job lost with Redis never strands one. */
export async function listSubmittedActionIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM partner_actions WHERE status = 'submitted' ORDER BY submitted_at`,
  );
  return rows.map((row) => row.id);
}

export async function findPartnerActionById(db: Queryable, id: string): Promise<PartnerActionRow | null> {
  const { rows } = await db.query<PartnerActionColumns>(
    `SELECT ${COLUMNS} FROM partner_actions WHERE id = $1`,
    [id],
  );
  return firstParsed(rows);
}
