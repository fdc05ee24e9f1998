import { Router } from 'express';
import { validated } from '@yv/domain';
import { partnerIdOf } from '../auth/partner-auth';
import { sendData } from '../http/envelope';
import type { ApiKeyService } from '../partners/api-keys';

export const PARTNER_API_KEYS_PATH = '/api/v1/partner/api-keys';

/** The partner's own keys: rotate (the admin CLI's rotation, bounded to a week of grace) and list. */
export function partnerApiKeysRouter(deps: { apiKeys: ApiKeyService }): Router {
  const router = Router();

  router.post(`${PARTNER_API_KEYS_PATH}/rotate`, async (req, res) => {
    // An empty body is allowed: every field has a default.
    const body = validated('ApiKeyRotateRequest', req.body ?? {});
    const created = await deps.apiKeys.rotate(partnerIdOf(res), body.graceHours);
    sendData(res, created, { updatedAt: new Date(created.createdAt) }, 201);
  });

  router.get(PARTNER_API_KEYS_PATH, async (_req, res) => {
    sendData(res, await deps.apiKeys.list(partnerIdOf(res)), { updatedAt: new Date() });
  });
  return router;
}
