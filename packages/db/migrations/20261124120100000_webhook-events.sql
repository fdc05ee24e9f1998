-- Up Migration
-- The partner's event log (GET /api/v1/partner/events), redelivery, retention and the auto-disable of endpoints
-- that keep failing (docs/webhooks.md).

-- When the endpoint was last set or enabled (enableWebhookEndpoint): the auto-disable counts failures from here, so an
-- endpoint the partner just fixed and enabled is not disabled again for failures from before.
ALTER TABLE partners ADD COLUMN webhook_enabled_at timestamptz;

-- The retry schedule counts from here: a delivery's place in it is attempts - schedule_base. A redelivery sets it to
-- the attempts made so far, so the redelivered event gets the whole schedule again while attempt numbers keep
-- counting (webhook_attempts' key).
ALTER TABLE webhook_deliveries ADD COLUMN schedule_base integer NOT NULL DEFAULT 0
  CHECK (schedule_base >= 0 AND schedule_base <= attempts);

-- The partner's events, newest first (cursor on created_at, id), with or without a type.
CREATE INDEX outbox_events_partner_list ON outbox_events (partner_id, created_at DESC, id DESC)
  WHERE partner_id IS NOT NULL;
-- Retention: relayed events oldest first.
CREATE INDEX outbox_events_retention ON outbox_events (created_at) WHERE relayed_at IS NOT NULL;
-- Auto-disable: a partner's latest successful delivery, and its deliveries' attempts since.
CREATE INDEX webhook_deliveries_partner ON webhook_deliveries (partner_id, delivered_at DESC);

-- Down Migration
DROP INDEX webhook_deliveries_partner;
DROP INDEX outbox_events_retention;
DROP INDEX outbox_events_partner_list;
ALTER TABLE webhook_deliveries DROP COLUMN schedule_base;
ALTER TABLE partners DROP COLUMN webhook_enabled_at;
