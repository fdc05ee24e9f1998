import { findPartner, type Queryable } from '@yv/db';
import { UnknownPartnerError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Partner ids are uuids: what is not one names no partner, and is not sent to the database. */
export async function requirePartner(db: Queryable, partnerId: string): Promise<void> {
  if (!UUID.test(partnerId) || !(await findPartner(db, partnerId))) throw new UnknownPartnerError(partnerId);
}
