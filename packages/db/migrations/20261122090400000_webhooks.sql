-- Up Migration
-- Webhook deliveries: one row per (outbox event, partner endpoint), created by the relay in the transaction that
-- marks the outbox row relayed, so an event is either waiting in the outbox or has its delivery row — never
-- neither, never two. Redis only carries the delivery ids; every state a delivery can be in is here.

-- A receiver answering 410 Gone disables the partner's endpoint until an operator sets the URL again.
ALTER TABLE partners ADD COLUMN webhook_disabled_at timestamptz;

CREATE TABLE webhook_deliveries (
  id                uuid        PRIMARY KEY,
  event_id          uuid        NOT NULL REFERENCES outbox_events (event_id),
  partner_id        uuid        NOT NULL REFERENCES partners (id),
  -- The URL of the latest attempt (the partner's webhook_url when the attempt was claimed).
  url               text        NOT NULL,
  -- pending: waiting for its next attempt (queued or delayed); delivering: an attempt is in flight (a lease that
  -- runs out, so a worker that died mid-attempt does not strand it); failed: the in-queue attempts ran out, the
  -- cron retry may enqueue it again while attempts < maxAttempts; disabled: the endpoint is gone (410 or unset).
  status            text        NOT NULL CHECK (status IN ('pending', 'delivering', 'delivered', 'failed', 'disabled')),
  attempts          integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at   timestamptz NOT NULL DEFAULT now(),
  last_status_code  integer,
  last_error        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  delivered_at      timestamptz,
  UNIQUE (event_id, partner_id),
  CHECK ((status = 'delivered') = (delivered_at IS NOT NULL))
);
-- The sweep (pending or leased-out deliveries that may have lost their job) and the cron retry (failed ones).
CREATE INDEX webhook_deliveries_open ON webhook_deliveries (status, next_attempt_at)
  WHERE status IN ('pending', 'delivering', 'failed');

CREATE TABLE webhook_attempts (
  delivery_id  uuid        NOT NULL REFERENCES webhook_deliveries (id),
  -- 1 for the first attempt of the delivery, counting across cron re-enqueues.
  attempt      integer     NOT NULL CHECK (attempt >= 1),
  -- Null when no HTTP answer came (timeout, refused connection).
  status_code  integer,
  duration_ms  integer     NOT NULL CHECK (duration_ms >= 0),
  error        text,
  at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (delivery_id, attempt)
);

-- Down Migration
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
ALTER TABLE partners DROP COLUMN webhook_disabled_at;
