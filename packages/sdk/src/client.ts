import createClient, { type Client } from 'openapi-fetch';
import { unwrap } from './errors';
import type { components, paths } from './generated/openapi';
import { retryingFetch, type RetryOptions } from './retry';

export interface PartnerClientOptions extends RetryOptions {
  /** The deployment's origin, e.g. `https://api.vault.example` (paths carry `/api/v1`). */
  baseUrl: string;
  /** The partner's API key, sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Another fetch (a proxy agent, a test double of the network); default the global one. */
  fetch?: typeof fetch;
}

const ACTIONS = '/api/v1/partner/actions';

/** The creating endpoints' routes (`deposit`, `redeem-async`, …), read from the document's paths. */
export type ActionRoute = {
  [P in keyof paths]: P extends `${typeof ACTIONS}/${infer R}`
    ? R extends `${string}/${string}` | `{${string}}`
      ? never
      : R
    : never;
}[keyof paths];
type CreatePath<R extends ActionRoute> = `${typeof ACTIONS}/${R}`;
export type ActionRequest<R extends ActionRoute> =
  paths[CreatePath<R>]['post']['requestBody']['content']['application/json'];
export type ListActionsQuery = NonNullable<paths[typeof ACTIONS]['get']['parameters']['query']>;

export interface CreateActionOptions {
  /** Reuse the key of an earlier attempt to replay it; default a new random key (kept across this call's retries). */
  idempotencyKey?: string;
}

/**
 * The typed client of every endpoint (`api`, openapi-fetch over the generated paths) and shortcuts for the partner
 * flow, which answer the response's `data` and throw PartnerApiError for any non-2xx answer.
 */
export function createPartnerClient({
  baseUrl,
  apiKey,
  fetch: fetchImpl = globalThis.fetch,
  ...retry
}: PartnerClientOptions) {
  const api: Client<paths> = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${apiKey}` },
    fetch: retryingFetch(fetchImpl, retry),
  });
  return {
    api,
    getConfig: async () => unwrap(await api.GET('/api/v1/config')).data,
    getVault: async () => unwrap(await api.GET('/api/v1/vault')).data,
    async createAction<R extends ActionRoute>(
      route: R,
      body: ActionRequest<R>,
      options: CreateActionOptions = {},
    ) {
      // The union of the six creating paths is too wide for openapi-fetch's overloads; each route's body is
      // still checked by ActionRequest<R> above, and every create answers PartnerActionResponse.
      const post = api.POST as unknown as (
        path: string,
        init: { body: unknown; params: { header: Record<string, string> } },
      ) => Promise<{
        data?: components['schemas']['PartnerActionResponse'];
        error?: unknown;
        response: Response;
      }>;
      const header: Record<string, string> = options.idempotencyKey
        ? { 'Idempotency-Key': options.idempotencyKey }
        : {};
      return unwrap(await post(`${ACTIONS}/${route}`, { body, params: { header } })).data;
    },
    getAction: async (id: string) =>
      unwrap(await api.GET(`${ACTIONS}/{id}`, { params: { path: { id } } })).data,
    listActions: async (query: ListActionsQuery = {}) =>
      unwrap(await api.GET(ACTIONS, { params: { query } })),
    submitAction: async (id: string, txHash: string) =>
      unwrap(await api.POST(`${ACTIONS}/{id}/submit`, { params: { path: { id } }, body: { txHash } })).data,
  };
}

export type PartnerClient = ReturnType<typeof createPartnerClient>;
