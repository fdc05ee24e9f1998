import { Router, type RequestHandler } from 'express';
import { validated, type ActionPlan } from '@yv/domain';
import type { SchemaName, SchemaValue } from '@yv/schemas';
import { sendData } from '../http/envelope';
import type { QuoteService } from '../quotes';

/**
 * The transaction builders (no credentials): each validates its body against the same schema the OpenAPI
 * document shows (BAD_REQUEST for shape errors), asks the quote service, and answers the plan's ActionQuote.
 */
export function buildersRouter(quotes: QuoteService): Router {
  const router = Router();
  const builder =
    <N extends SchemaName>(
      schema: N,
      build: (input: SchemaValue<N>) => Promise<ActionPlan>,
    ): RequestHandler =>
    async (req, res) => {
      const plan = await build(validated(schema, req.body));
      sendData(res, plan.quote, { updatedAt: new Date() });
    };
  router.post('/api/v1/actions/deposit/quote', builder('DepositRequest', quotes.deposit));
  router.post('/api/v1/actions/redeem-async/quote', builder('RedeemAsyncRequest', quotes.redeemAsync));
  router.post('/api/v1/actions/redeem-instant/quote', builder('RedeemInstantRequest', quotes.redeemInstant));
  router.post('/api/v1/actions/claim/build', builder('ClaimRequest', quotes.claim));
  router.post('/api/v1/actions/cancel/build', builder('CancelRequest', quotes.cancel));
  router.post('/api/v1/actions/fulfill/build', builder('FulfillRequest', quotes.fulfill));
  return router;
}
