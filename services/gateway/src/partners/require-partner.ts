import { findPartner, type Queryable } from '@yv/db';
import { isUuid } from '@yv/schemas';
import { UnknownPartnerError } from './errors';

/** Partner ids are uuids: what is not one names no partner, and is not sent to the database. */
export async function requirePartner(db: Queryable, partnerId: string): Promise<void> {
  if (!isUuid(partnerId) || !(await findPartner(db, partnerId))) throw new UnknownPartnerError(partnerId);
}
