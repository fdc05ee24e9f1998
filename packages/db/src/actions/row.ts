import {
  STEP_KINDS,
  STEP_STATUSES,
  type ActionStep,
  type QuoteRequirement,
  type StoredActionQuote,
} from '@yv/schemas';
import { oneByLookup, type LookupRow } from '../lookups';
import type { PartnerActionRow } from './types';

type JsonColumn = 'request' | 'quote' | 'steps' | 'funding' | 'lastError';

/** A partner_actions row as the driver returns it: the jsonb columns parsed as JSON, not yet as their shapes. */
export type PartnerActionColumns = Omit<PartnerActionRow, JsonColumn> & Record<JsonColumn, unknown>;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isOneOf = (values: readonly string[], value: unknown): boolean =>
  typeof value === 'string' && values.includes(value);

const isStep = (value: unknown): value is ActionStep =>
  isObject(value) &&
  typeof value.id === 'string' &&
  isOneOf(STEP_KINDS, value.kind) &&
  isOneOf(STEP_STATUSES, value.status);

const isRequirement = (value: unknown): value is QuoteRequirement =>
  isObject(value) &&
  typeof value.type === 'string' &&
  typeof value.token === 'string' &&
  typeof value.spender === 'string' &&
  isObject(value.amount) &&
  typeof value.amount.raw === 'string';

const isQuote = (value: unknown): value is StoredActionQuote =>
  isObject(value) &&
  (value.requirements === undefined ||
    (Array.isArray(value.requirements) && value.requirements.every(isRequirement)));

function parsed<T>(id: string, column: JsonColumn, value: unknown, is: (value: unknown) => value is T): T {
  if (!is(value))
    throw new Error(`partner action ${id}: its ${column} column is not the shape it is written as`);
  return value;
}

const isSteps = (value: unknown): value is ActionStep[] => Array.isArray(value) && value.every(isStep);
const isObjectOrNull = (value: unknown): value is JsonObject | null => value === null || isObject(value);

/**
 * The one place a partner_actions row becomes a PartnerActionRow: every read in this folder maps its rows here, so
 * the jsonb columns are checked once, where they enter, and no caller casts them.
 */
export function partnerActionOf(columns: PartnerActionColumns): PartnerActionRow {
  const { id, request, quote, steps, funding, lastError } = columns;
  return {
    ...columns,
    request: parsed(id, 'request', request, isObject),
    quote: parsed(id, 'quote', quote, isQuote),
    steps: parsed(id, 'steps', steps, isSteps),
    funding: parsed(id, 'funding', funding, isObjectOrNull),
    lastError: parsed(id, 'lastError', lastError, isObjectOrNull),
  };
}

/** The columns every read of partner_actions selects, named as PartnerActionRow names them. */
export const COLUMNS = `id, partner_id AS "partnerId", idempotency_key AS "idempotencyKey",
  request_fingerprint AS "requestFingerprint", response_status AS "responseStatus", action, status, wallet, receiver,
  redeem_id AS "redeemId", tx_hash AS "txHash", request, quote, steps, funding, last_error AS "lastError",
  indexing_pending AS "indexingPending", indexed_at AS "indexedAt", receipt_block_number AS "receiptBlockNumber",
  receive_chain_id AS "receiveChainId", expires_at AS "expiresAt", submitted_at AS "submittedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The first row, parsed; null when there is none. */
export const firstParsed = (rows: readonly PartnerActionColumns[]): PartnerActionRow | null =>
  rows[0] ? partnerActionOf(rows[0]) : null;

/** oneByLookup's rows, parsed. */
export const parsedByLookup = (
  count: number,
  rows: readonly (PartnerActionColumns & LookupRow)[],
): (PartnerActionRow | null)[] => oneByLookup(count, rows).map((row) => row && partnerActionOf(row));
