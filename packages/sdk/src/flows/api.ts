import type { ActionRequest, CreateActionOptions, PartnerClient } from '../client';
import { unwrap } from '../errors';
import type { components } from '../generated/openapi';

export type PartnerAction = components['schemas']['PartnerAction'];
export type PartnerActionStep = components['schemas']['PartnerActionStep'];
export type PartnerActionStatus = components['schemas']['PartnerActionStatus'];
export type Bootstrap = components['schemas']['Bootstrap'];
export type Redeem = components['schemas']['Redeem'];

/** The creating routes the flows use. */
export type FlowRoute = 'deposit' | 'redeem-instant' | 'redeem-async' | 'claim' | 'cancel';

/**
 * The Partner API calls the flows make: a PartnerClient gives them (flowApiOf); a test may give its own. Failures
 * are PartnerApiError, passed through to the flow's caller unchanged.
 */
export interface FlowApi {
  createAction<R extends FlowRoute>(
    route: R,
    body: ActionRequest<R>,
    options: Required<CreateActionOptions>,
  ): Promise<PartnerAction>;
  getAction(id: string): Promise<PartnerAction>;
  submitAction(id: string, txHash: string): Promise<PartnerAction>;
  /** GET /api/v1/bootstrap?wallet=: position, redemptions and vault liquidity as one read. */
  bootstrap(wallet: string): Promise<Bootstrap>;
  /** The wallet's redemption record `id`, or null when the wallet has none of that id. */
  findRedemption(wallet: string, id: string): Promise<Redeem | null>;
}

/** The FlowApi of a PartnerClient. */
export function flowApiOf(client: PartnerClient): FlowApi {
  return {
    createAction: (route, body, options) => client.createAction(route, body, options),
    getAction: (id) => client.getAction(id),
    submitAction: (id, txHash) => client.submitAction(id, txHash),
    bootstrap: async (wallet) =>
      unwrap(await client.api.GET('/api/v1/bootstrap', { params: { query: { wallet } } })).data,
    async findRedemption(wallet, id) {
      // Newest first, so a recent redemption is on the first page; older ones are paged to.
      let cursor: string | undefined;
      do {
        const page = unwrap(
          await client.api.GET('/api/v1/wallets/{address}/redeems', {
            params: { path: { address: wallet }, query: cursor === undefined ? {} : { cursor } },
          }),
        );
        const found = page.data.redeems.find((redeem) => redeem.id === id);
        if (found) return found;
        cursor = page.meta.nextCursor ?? undefined;
      } while (cursor !== undefined);
      return null;
    },
  };
}
