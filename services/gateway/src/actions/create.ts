import { randomUUID } from 'node:crypto';
import type { PartnerActionRow } from '@yv/db';
import {
  ApiError,
  checkIdempotencyKey,
  idempotencyFingerprint,
  toActionSteps,
  validated,
  type ActionPlan,
  type PartnerActionJson,
} from '@yv/domain';
import type { ActionWriter } from '@yv/actions';
import type { SchemaName, SchemaValue } from '@yv/schemas';
import type { QuoteService } from '../quotes';

/** One creating endpoint: its body validated by its schema, and typed by it, into its quote method. */
const createRoute =
  <N extends SchemaName>(
    schema: N,
    quote: (quotes: QuoteService, input: SchemaValue<N>) => Promise<ActionPlan>,
  ) =>
  (quotes: QuoteService, body: unknown): Promise<ActionPlan> =>
    quote(quotes, validated(schema, body, 'BAD_ACTION_REQUEST'));

/** The creating endpoints: path segment → how its body is validated and quoted. */
export const CREATE_ROUTES = {
  deposit: createRoute('DepositRequest', (quotes, input) => quotes.deposit(input)),
  'redeem-async': createRoute('RedeemAsyncRequest', (quotes, input) => quotes.redeemAsync(input)),
  'redeem-instant': createRoute('RedeemInstantRequest', (quotes, input) => quotes.redeemInstant(input)),
  claim: createRoute('ClaimRequest', (quotes, input) => quotes.claim(input)),
  cancel: createRoute('CancelRequest', (quotes, input) => quotes.cancel(input)),
  fulfill: createRoute('FulfillRequest', (quotes, input) => quotes.fulfill(input)),
};

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

/** A created action, or the stored one a known key replays (json is null then: the caller renders it). */
export interface CreateResult {
  row: PartnerActionRow;
  json: PartnerActionJson | null;
  status: number;
}

function replayOrConflict(existing: PartnerActionRow, fingerprint: string): CreateResult {
  if (existing.requestFingerprint !== fingerprint)
    throw new ApiError(
      'IDEMPOTENCY_CONFLICT',
      `this Idempotency-Key was already used for a different request (action ${existing.id}); use a new key for a new request`,
    );
  return { row: existing, json: null, status: existing.responseStatus };
}

/**
 * Creates an action once per (partner, Idempotency-Key) (docs/design.md#idempotency). A known key is answered from
 * the database without validating or quoting again; of concurrent first requests the insert's unique constraint
 * picks one, and the others replay it.
 */
/** The action a partner's Idempotency-Key created, or null (findPartnerActionsByKeys, batched). */
export type ActionByKey = (key: {
  partnerId: string;
  idempotencyKey: string;
}) => Promise<PartnerActionRow | null>;

export async function createOrReplay(
  deps: { findByKey: ActionByKey; writer: ActionWriter; quoteService: QuoteService },
  request: CreateRequest,
): Promise<CreateResult> {
  const key = checkIdempotencyKey(request.idempotencyKey);
  const fingerprint = idempotencyFingerprint(request.method, request.path, request.body);
  const known = await deps.findByKey({ partnerId: request.partnerId, idempotencyKey: key });
  if (known) return replayOrConflict(known, fingerprint);

  const plan = await CREATE_ROUTES[request.route](deps.quoteService, structuredClone(request.body));
  const receiveChainId = plan.request.receiveChainId;
  const written = await deps.writer.create({
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
  if (written) return { row: written.row, json: written.json, status: CREATED_STATUS };
  const winner = await deps.findByKey({ partnerId: request.partnerId, idempotencyKey: key });
  if (!winner) throw new Error(`idempotency key taken but no action found for partner ${request.partnerId}`);
  return replayOrConflict(winner, fingerprint);
}
