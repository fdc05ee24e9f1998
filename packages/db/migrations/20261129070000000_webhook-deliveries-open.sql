-- Up Migration
-- A delivery's claim and record update its row twice per attempt. While `status`, `next_attempt_at` and
-- `delivered_at` sat in indexes (the sweep's partial index, the auto-disable's), neither update could be HOT: each
-- wrote a new entry in every index of the table. Here no column an attempt changes is indexed, and the table keeps
-- half of each page free for the new versions, so both updates stay on their page and write no index entry
-- (docs/webhooks.md). What the indexes found is kept elsewhere:
-- * the deliveries the sweep and the cron look at: one narrow row each in webhook_deliveries_open, written by the
--   statements that open and close them, which an attempt in flight does not touch;
-- * a partner's last successful delivery: partners.webhook_delivered_at, set by the record.

DROP INDEX webhook_deliveries_open;
DROP INDEX webhook_deliveries_partner;

-- Exactly the deliveries that are pending, delivering or failed. Its next_attempt_at is the delivery's (an attempt
-- in flight keeps the one it was claimed at); failed marks the ones only the cron takes again. Every statement that
-- writes a delivery's status writes its row here too (packages/db/src/webhooks), and retention deletes both.
-- No foreign key: its check locks the delivery the relay has just written (FOR KEY SHARE), which cost about a tenth
-- of the deliveries per second; every reader joins the delivery, so a row without one is never acted on.
CREATE TABLE webhook_deliveries_open (
  delivery_id     uuid        PRIMARY KEY,
  next_attempt_at timestamptz NOT NULL,
  failed          boolean     NOT NULL DEFAULT false
);
-- The sweep (due, not failed) and the cron retry (failed, or overdue).
CREATE INDEX webhook_deliveries_open_due ON webhook_deliveries_open (failed, next_attempt_at);

-- When a delivery to the partner's endpoint last succeeded: the auto-disable's "no success since".
ALTER TABLE partners ADD COLUMN webhook_delivered_at timestamptz;

UPDATE partners p SET webhook_delivered_at = d.last
  FROM (SELECT partner_id, max(delivered_at) AS last FROM webhook_deliveries GROUP BY partner_id) d
 WHERE d.partner_id = p.id AND d.last IS NOT NULL;
INSERT INTO webhook_deliveries_open (delivery_id, next_attempt_at, failed)
SELECT id, next_attempt_at, status = 'failed' FROM webhook_deliveries
 WHERE status IN ('pending', 'delivering', 'failed');
-- The auto-disable's failed attempts of a partner that has not succeeded for the window.
CREATE INDEX webhook_deliveries_partner ON webhook_deliveries (partner_id);
-- New pages only: rows written before keep theirs full until they are rewritten.
ALTER TABLE webhook_deliveries SET (fillfactor = 50);

-- Down Migration
-- The table goes first: the index takes its name back.
DROP TABLE webhook_deliveries_open;
ALTER TABLE webhook_deliveries RESET (fillfactor);
DROP INDEX webhook_deliveries_partner;
CREATE INDEX webhook_deliveries_partner ON webhook_deliveries (partner_id, delivered_at DESC);
CREATE INDEX webhook_deliveries_open ON webhook_deliveries (status, next_attempt_at)
  WHERE status IN ('pending', 'delivering', 'failed');
ALTER TABLE partners DROP COLUMN webhook_delivered_at;
