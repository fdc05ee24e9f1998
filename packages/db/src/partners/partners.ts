import type { Queryable } from '../queryable';

export interface PartnerRow {
  id: string;
  name: string;
  webhookUrl: string | null;
  createdAt: Date;
  disabledAt: Date | null;
}

const PARTNER_COLUMNS = `id, name, webhook_url AS "webhookUrl", created_at AS "createdAt", disabled_at AS "disabledAt"`;

export async function insertPartner(
  db: Queryable,
  partner: { id: string; name: string; webhookUrl: string | null },
): Promise<PartnerRow> {
  const { rows } = await db.query<PartnerRow>(
    `INSERT INTO partners (id, name, webhook_url) VALUES ($1, $2, $3) RETURNING ${PARTNER_COLUMNS}`,
    [partner.id, partner.name, partner.webhookUrl],
  );
  return rows[0] as PartnerRow;
}

export async function findPartner(db: Queryable, id: string): Promise<PartnerRow | null> {
  const { rows } = await db.query<PartnerRow>(`SELECT ${PARTNER_COLUMNS} FROM partners WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** @returns false when no such partner exists. */
export async function setPartnerWebhookUrl(
  db: Queryable,
  partnerId: string,
  webhookUrl: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE partners SET webhook_url = $2 WHERE id = $1`, [
    partnerId,
    webhookUrl,
  ]);
  return rowCount === 1;
}
