import { Router } from 'express';
import { listPartnerApiKeys, type Pool } from '@yv/db';
import { validated } from '@yv/domain';
import { rotateKey } from '../admin/commands';
import { partnerAuth, partnerIdOf } from '../auth/partner-auth';
import { sendData } from '../http/envelope';

export const PARTNER_API_KEYS_PATH = '/api/v1/partner/api-keys';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The partner's own keys: rotate (the admin CLI's rotation, bounded to a week of grace) and list. */
export function partnerApiKeysRouter(deps: { pool: Pool }): Router {
  const router = Router();
  router.use(PARTNER_API_KEYS_PATH, partnerAuth(deps.pool));

  router.post(`${PARTNER_API_KEYS_PATH}/rotate`, async (req, res) => {
    // An empty body is allowed: every field has a default.
    const body = validated<{ graceHours: number }>('ApiKeyRotateRequest', req.body ?? {});
    const rotated = await rotateKey(deps.pool, { partnerId: partnerIdOf(res), graceHours: body.graceHours });
    const data = {
      apiKey: rotated.apiKey,
      prefix: rotated.keyPrefix,
      createdAt: rotated.createdAt,
      previousKeysExpireAt: rotated.previousKeysExpireAt,
    };
    sendData(res, data, { updatedAt: new Date(rotated.createdAt) }, 201);
  });

  router.get(PARTNER_API_KEYS_PATH, async (_req, res) => {
    const keys = await listPartnerApiKeys(deps.pool, partnerIdOf(res));
    const data = keys.map((key) => ({
      prefix: key.prefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: iso(key.lastUsedAt),
      expiresAt: iso(key.expiresAt),
      revokedAt: iso(key.revokedAt),
      active: key.active,
    }));
    sendData(res, data, { updatedAt: new Date() });
  });
  return router;
}
