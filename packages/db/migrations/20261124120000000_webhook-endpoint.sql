-- Up Migration
-- The partner's own webhook endpoint settings (PUT /api/v1/partner/webhook-endpoint).

-- The event types the endpoint subscribes to; null is every type, including types added later. The relay creates
-- no delivery for an unsubscribed type (the event itself stays in the outbox).
ALTER TABLE partners ADD COLUMN webhook_event_types text[];
-- Why webhook_disabled_at is set (a 410 from the receiver, the partner's own `enabled: false`), shown to the partner.
ALTER TABLE partners ADD COLUMN webhook_disabled_reason text;

-- `webhook.test`: a test event the partner asks for (POST /api/v1/partner/webhook-endpoint/test), aggregate = the
-- partner, so its sequence counts the partner's test events.
ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_type_check;
ALTER TABLE outbox_events ADD CONSTRAINT outbox_events_type_check
  CHECK (type IN ('action.updated', 'redeem.updated', 'webhook.test'));

-- Down Migration
DELETE FROM webhook_attempts WHERE delivery_id IN
  (SELECT d.id FROM webhook_deliveries d JOIN outbox_events e ON e.event_id = d.event_id WHERE e.type = 'webhook.test');
DELETE FROM webhook_deliveries WHERE event_id IN (SELECT event_id FROM outbox_events WHERE type = 'webhook.test');
DELETE FROM outbox_events WHERE type = 'webhook.test';
ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_type_check;
ALTER TABLE outbox_events ADD CONSTRAINT outbox_events_type_check CHECK (type IN ('action.updated', 'redeem.updated'));
ALTER TABLE partners DROP COLUMN webhook_disabled_reason;
ALTER TABLE partners DROP COLUMN webhook_event_types;
