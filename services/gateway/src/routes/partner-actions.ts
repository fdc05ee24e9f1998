import { Router, type Response } from 'express';
import { ApiError, validated } from '@yv/domain';
import {
  ActionIdParameter,
  ActionStatusParameter,
  ActionWalletParameter,
  CursorParameter,
  LimitParameter,
  PARTNER_ACTION_STATUSES,
} from '@yv/schemas';
import { partnerIdOf } from '../auth/partner-auth';
import { CREATE_ROUTES, type CreateRoute } from '../actions/create';
import type { ActionAnswer, PartnerActionService } from '../actions/service';
import { sendData } from '../http/envelope';
import { parameters } from '../http/parameters';
import { actionsCursor, parseActionsCursor } from '../http/paging';
import { once, refuseCursor, refuseLimit, refuseOneOf } from '../http/refusals';
import { requestIdOf } from '../http/request-id';
import { walletError } from '../reads/wallet-data';

export const PARTNER_ACTIONS_PATH = '/api/v1/partner/actions';

export interface PartnerActionsDeps {
  actions: PartnerActionService;
}

const actionId = parameters([ActionIdParameter], {
  // Not echoed: a partner may paste anything there, a key included.
  id: () => new ApiError('PARTNER_ACTION_NOT_FOUND', 'no such action: action ids are uuids'),
});

const listParameters = parameters(
  [ActionWalletParameter, ActionStatusParameter, CursorParameter, LimitParameter],
  {
    wallet: once('wallet', (value) => walletError(value, 'query parameter `wallet`')),
    status: once('status', refuseOneOf('status', PARTNER_ACTION_STATUSES)),
    cursor: refuseCursor,
    limit: refuseLimit,
  },
);

const send = (res: Response, answer: ActionAnswer) =>
  sendData(res, answer.data, { updatedAt: answer.updatedAt }, answer.status);

/** The partner-action endpoints, all behind a partner key: create (six kinds), submit, read one, list. */
export function partnerActionsRouter(deps: PartnerActionsDeps): Router {
  const router = Router();

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
    const { id } = actionId(req);
    const body = validated('SubmitRequest', req.body, 'BAD_ACTION_REQUEST');
    send(res, await deps.actions.submit(partnerIdOf(res), id, body.txHash, requestIdOf(res)));
  });

  router.get(`${PARTNER_ACTIONS_PATH}/:id`, async (req, res) => {
    send(res, await deps.actions.get(partnerIdOf(res), actionId(req).id));
  });

  router.get(PARTNER_ACTIONS_PATH, async (req, res) => {
    const { wallet, status, cursor, limit } = listParameters(req);
    const page = await deps.actions.list(partnerIdOf(res), {
      ...(wallet === undefined ? {} : { wallet }),
      ...(status === undefined ? {} : { status }),
      ...(cursor === undefined ? {} : { afterId: parseActionsCursor(cursor) }),
      limit,
    });
    const nextCursor = page.lastId === null ? null : actionsCursor(page.lastId);
    sendData(res, page.data, { updatedAt: new Date(), nextCursor });
  });

  return router;
}
