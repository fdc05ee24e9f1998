import { Router, type Request, type Response } from 'express';
import type { Pool } from '@yv/db';
import { ApiError, validated } from '@yv/domain';
import { PARTNER_ACTION_STATUSES, type PartnerActionStatus } from '@yv/schemas';
import { partnerAuth, partnerIdOf } from '../auth/partner-auth';
import { CREATE_ROUTES, type CreateRoute } from '../actions/create';
import type { ActionAnswer, ActionListQuery, PartnerActionService } from '../actions/service';
import { sendData } from '../http/envelope';
import { requestIdOf } from '../http/request-id';
import {
  actionsCursor,
  cursorParam,
  isActionId,
  parseActionsCursor,
  parseLimit,
  queryText,
} from '../http/paging';
import { parseWallet } from '../reads/wallet-data';

export const PARTNER_ACTIONS_PATH = '/api/v1/partner/actions';

export interface PartnerActionsDeps {
  pool: Pool;
  actions: PartnerActionService;
}

function actionIdParam(req: Request): string {
  const id = String(req.params.id);
  // Not echoed: a partner may paste anything there, a key included.
  if (!isActionId(id)) throw new ApiError('PARTNER_ACTION_NOT_FOUND', 'no such action: action ids are uuids');
  return id;
}

const isStatus = (text: string): text is PartnerActionStatus =>
  (PARTNER_ACTION_STATUSES as readonly string[]).includes(text);

function statusParam(value: unknown): PartnerActionStatus | undefined {
  const status = queryText(value, 'status');
  if (status === undefined || isStatus(status)) return status;
  throw new ApiError(
    'BAD_REQUEST',
    `query parameter \`status\` must be one of ${PARTNER_ACTION_STATUSES.join(', ')}`,
  );
}

function listQuery(req: Request): ActionListQuery {
  const wallet = queryText(req.query.wallet, 'wallet');
  const status = statusParam(req.query.status);
  const cursor = cursorParam(req.query.cursor);
  return {
    ...(wallet === undefined ? {} : { wallet: parseWallet(wallet, 'query parameter `wallet`') }),
    ...(status === undefined ? {} : { status }),
    ...(cursor === null ? {} : { afterId: parseActionsCursor(cursor) }),
    limit: parseLimit(req.query.limit),
  };
}

const send = (res: Response, answer: ActionAnswer) =>
  sendData(res, answer.data, { updatedAt: answer.updatedAt }, answer.status);

/** The partner-action endpoints, all behind a partner key: create (six kinds), submit, read one, list. */
export function partnerActionsRouter(deps: PartnerActionsDeps): Router {
  const router = Router();
  router.use(PARTNER_ACTIONS_PATH, partnerAuth(deps.pool));

  for (const route of Object.keys(CREATE_ROUTES) as CreateRoute[]) {
    const path = `${PARTNER_ACTIONS_PATH}/${route}`;
    router.post(path, async (req, res) => {
      const answer = await deps.actions.create({
        partnerId: partnerIdOf(res),
        route,
        method: req.method,
        path,
        idempotencyKey: req.get('idempotency-key'),
        body: req.body,
      });
      send(res, answer);
    });
  }

  router.post(`${PARTNER_ACTIONS_PATH}/:id/submit`, async (req, res) => {
    const actionId = actionIdParam(req);
    const body = validated<{ txHash: string }>('SubmitRequest', req.body, 'BAD_ACTION_REQUEST');
    send(res, await deps.actions.submit(partnerIdOf(res), actionId, body.txHash, requestIdOf(res)));
  });

  router.get(`${PARTNER_ACTIONS_PATH}/:id`, async (req, res) => {
    send(res, await deps.actions.get(partnerIdOf(res), actionIdParam(req)));
  });

  router.get(PARTNER_ACTIONS_PATH, async (req, res) => {
    const page = await deps.actions.list(partnerIdOf(res), listQuery(req));
    const nextCursor = page.lastId === null ? null : actionsCursor(page.lastId);
    sendData(res, page.data, { updatedAt: new Date(), nextCursor });
  });

  return router;
}
