import type { Queryable } from '../queryable';

/** A partner's own requests-per-minute budget (0: unlimited); absent, the gateway's default applies. */
export async function findPartnerRateLimit(db: Queryable, partnerId: string): Promise<number | null> {
  const { rows } = await db.query<{ perMinute: number }>(
    `SELECT per_minute AS "perMinute" FROM partner_rate_limits WHERE partner_id = $1`,
    [partnerId],
  );
  return rows[0]?.perMinute ?? null;
}

export async function setPartnerRateLimit(
  db: Queryable,
  partnerId: string,
  perMinute: number,
): Promise<void> {
  await db.query(
    `INSERT INTO partner_rate_limits (partner_id, per_minute) VALUES ($1, $2)
     ON CONFLICT (partner_id) DO UPDATE SET per_minute = EXCLUDED.per_minute, updated_at = now()`,
    [partnerId, perMinute],
  );
}

/** @returns false when the partner had no limit of its own. */
export async function clearPartnerRateLimit(db: Queryable, partnerId: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM partner_rate_limits WHERE partner_id = $1`, [partnerId]);
  return rowCount === 1;
}
