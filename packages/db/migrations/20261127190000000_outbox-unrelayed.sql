-- Up Migration
-- The relay's queue: one narrow row per event not yet relayed, written with the event and deleted by the relay that
-- makes its deliveries. It replaces outbox_events.relayed_at, whose update could not be HOT (the column sat in two
-- indexes' predicates): relaying an event wrote its whole row and five index entries again, where deleting its row
-- here writes one tuple's mark (docs/webhooks.md).
CREATE TABLE outbox_unrelayed (
  outbox_id bigint PRIMARY KEY REFERENCES outbox_events (id) ON DELETE CASCADE
);
INSERT INTO outbox_unrelayed (outbox_id) SELECT id FROM outbox_events WHERE relayed_at IS NULL;
DROP INDEX outbox_events_unrelayed;
DROP INDEX outbox_events_retention;
-- Retention: events oldest first (an unrelayed one is skipped by its outbox_unrelayed row).
CREATE INDEX outbox_events_created ON outbox_events (created_at);
ALTER TABLE outbox_events DROP COLUMN relayed_at;

-- Down Migration
-- When an event was relayed is not kept: the ones relayed get their creation time.
ALTER TABLE outbox_events ADD COLUMN relayed_at timestamptz;
UPDATE outbox_events e SET relayed_at = e.created_at
 WHERE NOT EXISTS (SELECT 1 FROM outbox_unrelayed u WHERE u.outbox_id = e.id);
DROP INDEX outbox_events_created;
CREATE INDEX outbox_events_retention ON outbox_events (created_at) WHERE relayed_at IS NOT NULL;
CREATE INDEX outbox_events_unrelayed ON outbox_events (id) WHERE relayed_at IS NULL;
DROP TABLE outbox_unrelayed;
