import { Router } from 'express';
import { ApiError } from '@yv/domain';
import { cronSecretMatches } from '../auth/cron-secret';
import { sendData } from '../http/envelope';
import type { WebhookRetrier } from '../webhooks/retrier';

export const CRON_WEBHOOKS_PATH = '/api/cron/webhooks';

const UNAUTHORIZED = 'the cron secret is required in the header `Authorization: Bearer <CRON_SECRET>`';

/** POST /api/cron/webhooks: bearer CRON_SECRET, no body, answers a WebhookRetryResult. */
export function cronRouter(deps: { cronSecret: string | undefined; retrier: WebhookRetrier }): Router {
  const router = Router();
  router.post(CRON_WEBHOOKS_PATH, async (req, res) => {
    if (!cronSecretMatches(req.get('authorization'), deps.cronSecret))
      throw new ApiError('PARTNER_UNAUTHORIZED', UNAUTHORIZED);
    const result = await deps.retrier.retry();
    sendData(res, result, { updatedAt: new Date() });
  });
  return router;
}
