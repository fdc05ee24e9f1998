import type { Pool } from '@yv/db';
import { requirePartner as requirePartnerRow } from '../../partners/require-partner';
import { asOperator } from '../errors';

/** The partner must exist; an unknown one is the operator's mistake, said in the CLI's terms. */
export const requirePartner = (pool: Pool, partnerId: string): Promise<void> =>
  asOperator(() => requirePartnerRow(pool, partnerId));
