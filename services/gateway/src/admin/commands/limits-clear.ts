import { clearPartnerRateLimit, type Pool } from '@yv/db';
import { requirePartner } from './require-partner';

/** `limits clear`: back to the gateway's default budget. */
export async function clearRateLimit(
  pool: Pool,
  input: { partnerId: string },
): Promise<{ partnerId: string; cleared: boolean }> {
  await requirePartner(pool, input.partnerId);
  return { partnerId: input.partnerId, cleared: await clearPartnerRateLimit(pool, input.partnerId) };
}
