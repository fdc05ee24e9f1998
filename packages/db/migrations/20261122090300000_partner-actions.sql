-- Up Migration
-- Partners, their API keys and webhook secrets, the persisted partner actions, and the transactional outbox that
-- carries every action (and redemption) change to the webhook worker.

CREATE TABLE partners (
  id           uuid        PRIMARY KEY,
  name         text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  webhook_url  text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  disabled_at  timestamptz
);

-- Only a SHA-256 of the whole key is stored. The keys carry 256 random bits, so a slow password hash would add
-- nothing but latency to every request; `prefix` (public, random) finds the row and the hashes are compared in
-- constant time. A key is valid while revoked_at is null and expires_at is null or in the future; rotation sets
-- expires_at on the old keys to the end of the grace period.
CREATE TABLE partner_api_keys (
  id          uuid        PRIMARY KEY,
  partner_id  uuid        NOT NULL REFERENCES partners (id),
  prefix      text        NOT NULL UNIQUE,
  key_hash    bytea       NOT NULL CHECK (length(key_hash) = 32),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX partner_api_keys_partner ON partner_api_keys (partner_id);

-- Webhook signing secrets (`whsec_<base64>`). Kept in clear: the worker needs them to sign. Several may be valid at
-- once during a rotation, like API keys.
CREATE TABLE webhook_secrets (
  id          uuid        PRIMARY KEY,
  partner_id  uuid        NOT NULL REFERENCES partners (id),
  secret      text        NOT NULL CHECK (secret LIKE 'whsec\_%'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz
);
CREATE INDEX webhook_secrets_partner ON webhook_secrets (partner_id);

CREATE TABLE partner_actions (
  id                    uuid        PRIMARY KEY,
  partner_id            uuid        NOT NULL REFERENCES partners (id),
  idempotency_key       text        NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 160),
  -- sha256 hex of method, path and canonical body of the creating request.
  request_fingerprint   text        NOT NULL,
  -- The HTTP status the create answered with; a replay answers with the same one.
  response_status       integer     NOT NULL,
  action                text        NOT NULL CHECK (action IN
                          ('deposit', 'redeem_instant', 'redeem_async', 'claim_redeem', 'cancel_redeem', 'fulfill_redeem')),
  status                text        NOT NULL CHECK (status IN
                          ('created', 'requires_signature', 'submitted', 'confirmed', 'indexed',
                           'waiting_for_keeper', 'claimable', 'claimed', 'cancelled', 'failed')),
  wallet                text        NOT NULL,
  receiver              text,
  redeem_id             text,
  tx_hash               text        UNIQUE,
  request               jsonb       NOT NULL,
  quote                 jsonb       NOT NULL,
  steps                 jsonb       NOT NULL,
  -- metadata.funding of deposit actions; null for the others.
  funding               jsonb,
  last_error            jsonb,
  indexing_pending      boolean     NOT NULL DEFAULT false,
  indexed_at            timestamptz,
  receipt_block_number  bigint,
  receive_chain_id      integer,
  expires_at            timestamptz,
  -- When the final hash was submitted: the start of the drop window.
  submitted_at          timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (partner_id, idempotency_key),
  CHECK ((status = 'failed') = (last_error IS NOT NULL)),
  CHECK ((tx_hash IS NULL) = (submitted_at IS NULL))
);
-- The partner's list, newest first (cursor on created_at, id).
CREATE INDEX partner_actions_list ON partner_actions (partner_id, created_at DESC, id DESC);
CREATE INDEX partner_actions_wallet ON partner_actions (partner_id, lower(wallet), created_at DESC, id DESC);
-- The expiry sweep: unsigned actions whose quote ran out.
CREATE INDEX partner_actions_unsigned_expiry ON partner_actions (expires_at)
  WHERE status IN ('created', 'requires_signature');
-- The indexer finds the action of a redemption.
CREATE INDEX partner_actions_redeem ON partner_actions (redeem_id) WHERE redeem_id IS NOT NULL;

-- Every state change, written in the same transaction as the change itself, so no event is lost or invented.
-- `sequence` numbers the events of one aggregate from 1 so receivers can drop stale ones; writers lock the
-- aggregate's row first, and the unique constraint catches any writer that did not.
CREATE TABLE outbox_events (
  id            bigserial   PRIMARY KEY,
  event_id      uuid        NOT NULL UNIQUE,
  type          text        NOT NULL CHECK (type IN ('action.updated', 'redeem.updated')),
  aggregate_id  text        NOT NULL,
  -- The partner to notify; null for an event no single partner owns (a redemption no action of theirs made).
  partner_id    uuid        REFERENCES partners (id),
  sequence      integer     NOT NULL CHECK (sequence >= 1),
  payload       jsonb       NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  relayed_at    timestamptz,
  UNIQUE (type, aggregate_id, sequence)
);
CREATE INDEX outbox_events_unrelayed ON outbox_events (id) WHERE relayed_at IS NULL;

-- Down Migration
DROP TABLE outbox_events;
DROP TABLE partner_actions;
DROP TABLE webhook_secrets;
DROP TABLE partner_api_keys;
DROP TABLE partners;
