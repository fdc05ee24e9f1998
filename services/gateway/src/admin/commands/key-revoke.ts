import { revokePartnerApiKey, type Pool } from '@yv/db';
import { AdminError } from '../errors';
import { requirePartner } from './require-partner';

/** `key revoke`: the key stops working from the next request on. */
export async function revokeKey(
  pool: Pool,
  input: { partnerId: string; keyPrefix: string },
): Promise<{ partnerId: string; keyPrefix: string; revoked: true }> {
  await requirePartner(pool, input.partnerId);
  if (!(await revokePartnerApiKey(pool, input.partnerId, input.keyPrefix)))
    throw new AdminError(`partner ${input.partnerId} has no unrevoked key with prefix ${input.keyPrefix}`);
  return { partnerId: input.partnerId, keyPrefix: input.keyPrefix, revoked: true };
}
