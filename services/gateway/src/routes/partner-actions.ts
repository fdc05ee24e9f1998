import { Router, type Request, type Response } from 'express';
import type { JsonRpcProvider } from 'ethers';
import { listPartnerActions, findPartnerAction, type PartnerActionRow, type Pool } from '@yv/db';
import { ApiError, toPartnerActionJson, type ActionDeployment } from '@yv/domain';
import { PARTNER_ACTION_STATUSES } from '@yv/schemas';
import { partnerAuth, partnerIdOf } from '../auth/partner-auth';
import { noteApprovalConfirmed } from '../actions/approval';
import { CREATE_ROUTES, createOrReplay, type CreateRoute } from '../actions/create';
import type { ActionMetrics } from '../actions/metrics';
import type { QuoteService } from '../quotes';
import { createActionStore } from '../actions/store';
import { submitAction } from '../actions/submit';
import { sendData } from '../http/envelope';
import { validated } from '../http/validate';

export const PARTNER_ACTIONS_PATH = '/api/v1/partner/actions';

export interface PartnerActionsDeps {
  pool: Pool;
  quoteService: QuoteService;
  deployment: ActionDeployment;
  provider: JsonRpcProvider;
  metrics: ActionMetrics;
  /** Starts following a submitted action's receipt (ActionTracker.follow). */
  follow: (actionId: string) => Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADDRESS = /^0x[a-fA-F0-9]{40}$/;
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

function actionIdParam(req: Request): string {
  const id = String(req.params.id);
  // What is not a uuid names no action. Not echoed: a partner may paste anything there, a key included.
  if (!UUID.test(id)) throw new ApiError('PARTNER_ACTION_NOT_FOUND', 'no such action: action ids are uuids');
  return id;
}

function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new ApiError('BAD_REQUEST', `query parameter \`${name}\` must be given once`);
  return value;
}

function listQuery(req: Request) {
  const wallet = queryText(req, 'wallet');
  if (wallet !== undefined && !ADDRESS.test(wallet))
    throw new ApiError('BAD_WALLET', 'query parameter `wallet` must be a 0x-prefixed 20-byte hex address');
  const status = queryText(req, 'status');
  if (status !== undefined && !(PARTNER_ACTION_STATUSES as readonly string[]).includes(status))
    throw new ApiError(
      'BAD_REQUEST',
      `query parameter \`status\` must be one of ${PARTNER_ACTION_STATUSES.join(', ')}`,
    );
  const limitText = queryText(req, 'limit');
  const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
  if (!/^[0-9]{1,3}$/.test(limitText ?? '25') || limit < 1 || limit > MAX_LIMIT)
    throw new ApiError('BAD_REQUEST', `query parameter \`limit\` must be an integer from 1 to ${MAX_LIMIT}`);
  const cursor = queryText(req, 'cursor');
  const afterId = cursor === undefined ? undefined : Buffer.from(cursor, 'base64url').toString('utf8');
  if (afterId !== undefined && !UUID.test(afterId))
    throw new ApiError(
      'BAD_REQUEST',
      'query parameter `cursor` must be a `meta.nextCursor` of a previous page',
    );
  return {
    ...(wallet === undefined ? {} : { wallet }),
    ...(status === undefined ? {} : { status }),
    ...(afterId === undefined ? {} : { afterId }),
    limit,
  };
}

/**
 * The partner-action endpoints, all behind a partner key: create (six kinds), submit, read one, list. Handlers pass
 * the authenticated partner and the request to the action layer and shape its answer.
 */
export function partnerActionsRouter(deps: PartnerActionsDeps): Router {
  const router = Router();
  const store = createActionStore(deps);
  const send = (res: Response, row: PartnerActionRow, replay: boolean, status = 200) =>
    sendData(res, toPartnerActionJson(row, deps.deployment, replay), { updatedAt: row.updatedAt }, status);

  router.use(PARTNER_ACTIONS_PATH, partnerAuth(deps.pool));

  for (const route of Object.keys(CREATE_ROUTES) as CreateRoute[]) {
    router.post(`${PARTNER_ACTIONS_PATH}/${route}`, async (req, res) => {
      const result = await createOrReplay(
        { pool: deps.pool, store, quoteService: deps.quoteService },
        {
          partnerId: partnerIdOf(res),
          route,
          method: req.method,
          path: `${PARTNER_ACTIONS_PATH}/${route}`,
          idempotencyKey: req.get('idempotency-key'),
          body: req.body,
        },
      );
      send(res, result.row, result.replay, result.status);
    });
  }

  router.post(`${PARTNER_ACTIONS_PATH}/:id/submit`, async (req, res) => {
    const actionId = actionIdParam(req);
    const body = validated<{ txHash: string }>('SubmitRequest', req.body, 'BAD_ACTION_REQUEST');
    const result = await submitAction(
      { pool: deps.pool, store, provider: deps.provider, follow: deps.follow },
      { partnerId: partnerIdOf(res), actionId, txHash: body.txHash },
    );
    send(res, result.row, result.replay);
  });

  router.get(`${PARTNER_ACTIONS_PATH}/:id`, async (req, res) => {
    const actionId = actionIdParam(req);
    const row = await findPartnerAction(deps.pool, partnerIdOf(res), actionId);
    if (!row) throw new ApiError('PARTNER_ACTION_NOT_FOUND', `no action ${actionId} for this partner`);
    // An unreadable chain leaves the stored action as the answer: the approval is looked for again on the next read.
    const current = await noteApprovalConfirmed({ store, provider: deps.provider }, row).catch(() => row);
    send(res, current, false);
  });

  router.get(PARTNER_ACTIONS_PATH, async (req, res) => {
    const query = listQuery(req);
    const rows = await listPartnerActions(deps.pool, {
      partnerId: partnerIdOf(res),
      ...query,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > query.limit && last ? Buffer.from(last.id, 'utf8').toString('base64url') : null;
    sendData(
      res,
      page.map((row) => toPartnerActionJson(row, deps.deployment)),
      { updatedAt: new Date(), nextCursor },
    );
  });

  return router;
}
