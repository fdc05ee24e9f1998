import type { JsonRpcProvider } from 'ethers';
import type { Logger } from 'pino';
import type { ActionWriter } from '@yv/actions';
import {
  findPartnerAction,
  findPartnerActionsByKeys,
  listPartnerActions,
  type PartnerActionRow,
  type Pool,
} from '@yv/db';
import { batched } from '@yv/runtime';
import { ApiError, toPartnerActionJson, type ActionDeployment, type PartnerActionJson } from '@yv/domain';
import type { PartnerActionStatus } from '@yv/schemas';
import { fetchPage } from '../paging/fetch-page';
import type { QuoteService } from '../quotes';
import { createOrReplay, type CreateRequest } from './create';
import { submitAction } from './submit';
import { supersedeAfterCreate } from './supersede';

/** One action as the API answers it: the resource, when it was last true, and the HTTP status. */
export interface ActionAnswer {
  data: PartnerActionJson;
  updatedAt: Date;
  status: number;
}

export interface ActionListQuery {
  wallet?: string;
  status?: PartnerActionStatus;
  /** Id of the last action of the previous page. */
  afterId?: string;
  limit: number;
}

export interface ActionPage {
  data: PartnerActionJson[];
  /** Id of the page's last action when more follow, else null. */
  lastId: string | null;
}

/** The partner-action endpoints' one service: each method takes the authenticated partner and answers the resource. */
export interface PartnerActionService {
  create(request: CreateRequest): Promise<ActionAnswer>;
  /** `requestId`: the submitting request's `x-request-id`, which the receipt job's log lines carry. */
  submit(partnerId: string, actionId: string, txHash: string, requestId: string): Promise<ActionAnswer>;
  get(partnerId: string, actionId: string): Promise<ActionAnswer>;
  list(partnerId: string, query: ActionListQuery): Promise<ActionPage>;
}

export interface PartnerActionServiceDeps {
  pool: Pool;
  writer: ActionWriter;
  quoteService: QuoteService;
  deployment: ActionDeployment;
  provider: JsonRpcProvider;
  /** Starts following a submitted action's receipt (ActionTracker.follow). */
  follow: (actionId: string, requestId: string) => Promise<void>;
  log: Logger;
}

const notFound = (actionId: string) =>
  new ApiError('PARTNER_ACTION_NOT_FOUND', `no action ${actionId} for this partner`);

export function createPartnerActionService(deps: PartnerActionServiceDeps): PartnerActionService {
  const answer = (row: PartnerActionRow, replay: boolean, status = 200): ActionAnswer => ({
    data: toPartnerActionJson(row, deps.deployment, replay),
    updatedAt: row.updatedAt,
    status,
  });

  // The creations that arrive together look their keys up in one query.
  const findByKey = batched((keys: { partnerId: string; idempotencyKey: string }[]) =>
    findPartnerActionsByKeys(deps.pool, keys),
  );

  return {
    async create(request) {
      const result = await createOrReplay({ ...deps, findByKey }, request);
      // A new action only (a replay's earlier actions were looked at when it was new).
      if (result.json) await supersedeAfterCreate(deps, result.row);
      return result.json
        ? { data: result.json, updatedAt: result.row.updatedAt, status: result.status }
        : answer(result.row, true, result.status);
    },

    async submit(partnerId, actionId, txHash, requestId) {
      const result = await submitAction(deps, { partnerId, actionId, txHash, requestId });
      return answer(result.row, result.replay);
    },

    async get(partnerId, actionId) {
      const row = await findPartnerAction(deps.pool, partnerId, actionId);
      if (!row) throw notFound(actionId);
      return answer(row, false);
    },

    async list(partnerId, query) {
      const page = await fetchPage(query.limit, (count) =>
        listPartnerActions(deps.pool, { partnerId, ...query, limit: count }),
      );
      return {
        data: page.items.map((row) => toPartnerActionJson(row, deps.deployment)),
        lastId: page.last?.id ?? null,
      };
    },
  };
}
