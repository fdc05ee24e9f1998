-- Up Migration
-- A deposit action superseded by a fresh one (its approval confirmed on chain, the deposit moved to the fresh
-- action: docs/design.md#partner-action-states) ends `cancelled` with a lastError saying by which action. A failed
-- action still always carries one; no other status does.
ALTER TABLE partner_actions DROP CONSTRAINT partner_actions_check;
ALTER TABLE partner_actions ADD CONSTRAINT partner_actions_last_error CHECK (
  CASE status WHEN 'failed' THEN last_error IS NOT NULL WHEN 'cancelled' THEN true ELSE last_error IS NULL END
);

-- Down Migration
ALTER TABLE partner_actions DROP CONSTRAINT partner_actions_last_error;
ALTER TABLE partner_actions ADD CONSTRAINT partner_actions_check CHECK ((status = 'failed') = (last_error IS NOT NULL));
