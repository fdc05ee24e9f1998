import { createHash, randomUUID } from 'node:crypto';
import { findPartnerActionByKey, type PartnerActionRow, type Pool } from '@yv/db';
import {
  ApiError,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MIN,
  idempotencyFingerprintInput,
  toActionSteps,
} from '@yv/domain';
import type { SchemaName } from '@yv/schemas';
import { validated } from '../http/validate';
import type { ActionPlan } from './plan';
import type { QuoteService } from '../quotes';
import type { ActionStore } from './store';

/** The creating endpoints: path segment → request schema and quote method. */
export const CREATE_ROUTES = {
  deposit: { schema: 'DepositRequest', quote: 'deposit' },
  'redeem-async': { schema: 'RedeemAsyncRequest', quote: 'redeemAsync' },
  'redeem-instant': { schema: 'RedeemInstantRequest', quote: 'redeemInstant' },
  claim: { schema: 'ClaimRequest', quote: 'claim' },
  cancel: { schema: 'CancelRequest', quote: 'cancel' },
  fulfill: { schema: 'FulfillRequest', quote: 'fulfill' },
} as const satisfies Record<string, { schema: SchemaName; quote: keyof QuoteService }>;

export type CreateRoute = keyof typeof CREATE_ROUTES;

/** A new action and a replay both answer 201 Created: a replay repeats the first answer exactly. */
export const CREATED_STATUS = 201;

export interface CreateRequest {
  partnerId: string;
  route: CreateRoute;
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: unknown;
}

export interface CreateResult {
  row: PartnerActionRow;
  replay: boolean;
  status: number;
}

export function checkIdempotencyKey(key: string | undefined): string {
  if (key === undefined || key === '')
    throw new ApiError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'the header `Idempotency-Key` is required on creating requests',
    );
  if (key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX)
    throw new ApiError(
      'BAD_IDEMPOTENCY_KEY',
      `the header \`Idempotency-Key\` must be ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters, got ${key.length}`,
    );
  return key;
}

function replayOrConflict(existing: PartnerActionRow, fingerprint: string): CreateResult {
  if (existing.requestFingerprint !== fingerprint)
    throw new ApiError(
      'IDEMPOTENCY_CONFLICT',
      `this Idempotency-Key was already used for a different request (action ${existing.id}); use a new key for a new request`,
    );
  return { row: existing, replay: true, status: existing.responseStatus };
}

/**
 * Creates an action once per (partner, Idempotency-Key). A known key is answered from the database without quoting
 * again; of concurrent first requests the insert's unique constraint picks one, and the others replay it.
 */
export async function createOrReplay(
  deps: { pool: Pool; store: ActionStore; quoteService: QuoteService },
  request: CreateRequest,
): Promise<CreateResult> {
  const key = checkIdempotencyKey(request.idempotencyKey);
  // Fingerprint the body as received, before validation fills defaults into it.
  const fingerprint = createHash('sha256')
    .update(idempotencyFingerprintInput(request.method, request.path, request.body))
    .digest('hex');
  const known = await findPartnerActionByKey(deps.pool, request.partnerId, key);
  if (known) return replayOrConflict(known, fingerprint);

  const { schema, quote } = CREATE_ROUTES[request.route];
  const input = validated<never>(schema, structuredClone(request.body), 'BAD_ACTION_REQUEST');
  const plan: ActionPlan = await deps.quoteService[quote](input);
  const receiveChainId = plan.request.receiveChainId;
  const row = await deps.store.create({
    id: randomUUID(),
    partnerId: request.partnerId,
    idempotencyKey: key,
    requestFingerprint: fingerprint,
    responseStatus: CREATED_STATUS,
    action: plan.action,
    status: 'created',
    wallet: plan.wallet,
    receiver: plan.receiver,
    redeemId: plan.redeemId,
    request: plan.request,
    quote: plan.quote,
    steps: toActionSteps(plan.steps),
    funding: plan.funding ?? null,
    receiveChainId: typeof receiveChainId === 'number' ? receiveChainId : null,
    expiresAt: plan.quote.expiresAt ? new Date(plan.quote.expiresAt) : null,
  });
  if (row) return { row, replay: false, status: CREATED_STATUS };
  const winner = await findPartnerActionByKey(deps.pool, request.partnerId, key);
  if (!winner) throw new Error(`idempotency key taken but no action found for partner ${request.partnerId}`);
  return replayOrConflict(winner, fingerprint);
}
