import { setPartnerRateLimit, type Pool } from '@yv/db';
import { AdminError } from '../errors';
import { requirePartner } from './require-partner';

/** Highest per-minute budget an operator can give: RATE_LIMIT_PARTNER_PER_MINUTE's own bound. */
const MAX_PER_MINUTE = 1_000_000;

/**
 * `limits set`: a partner's own budget on the partner routes; gateways apply it within
 * RATE_LIMIT_OVERRIDE_CACHE_MS. 0: unlimited.
 */
export async function setRateLimit(
  pool: Pool,
  input: { partnerId: string; perMinute: number },
): Promise<{ partnerId: string; perMinute: number }> {
  if (!Number.isSafeInteger(input.perMinute) || input.perMinute < 0 || input.perMinute > MAX_PER_MINUTE)
    throw new AdminError(`--per-minute must be an integer from 0 (unlimited) to ${MAX_PER_MINUTE}`);
  await requirePartner(pool, input.partnerId);
  await setPartnerRateLimit(pool, input.partnerId, input.perMinute);
  return { partnerId: input.partnerId, perMinute: input.perMinute };
}
