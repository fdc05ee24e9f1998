-- Up Migration
-- What the watcher records that the chain's logs don't say. Only the watcher writes these tables (one replica at a
-- time, under an advisory lock); the gateway reads the newest row of each. Old rows are pruned by the watcher.

-- The vault's state read at one block through Multicall3. Amounts in `state` are integer strings.
CREATE TABLE vault_snapshots (
  id               bigserial PRIMARY KEY,
  chain_id         integer     NOT NULL,
  block_number     bigint      NOT NULL,
  block_timestamp  timestamptz NOT NULL,
  taken_at         timestamptz NOT NULL DEFAULT now(),
  state            jsonb       NOT NULL
);
CREATE INDEX vault_snapshots_chain_taken_at ON vault_snapshots (chain_id, taken_at DESC);

-- Every poll of the HLP upstream. A failure is a row with ok = false and the error; the gateway serves the newest
-- ok = true row, so a failure never replaces the last good snapshot.
CREATE TABLE hlp_snapshots (
  id             bigserial PRIMARY KEY,
  vault_address  text        NOT NULL,
  fetched_at     timestamptz NOT NULL DEFAULT now(),
  ok             boolean     NOT NULL,
  error          text,
  raw            jsonb,
  series         jsonb,
  CHECK (ok = (series IS NOT NULL)),
  CHECK (ok = (error IS NULL))
);
CREATE INDEX hlp_snapshots_ok_fetched_at ON hlp_snapshots (vault_address, fetched_at DESC) WHERE ok;
CREATE INDEX hlp_snapshots_fetched_at ON hlp_snapshots (fetched_at);

-- Keeper heartbeats as read from the Redis stream (docs/keeper-heartbeat.md), with the watcher's verdict.
-- stream_id is unique so a replayed read stores nothing twice, and the newest one is where reading resumes.
CREATE TABLE keeper_heartbeats (
  id           bigserial PRIMARY KEY,
  stream_id    text        NOT NULL UNIQUE,
  service      text,
  keeper       text,
  at           timestamptz NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  payload      jsonb,
  valid        boolean     NOT NULL,
  problems     text[]      NOT NULL DEFAULT '{}'
);
CREATE INDEX keeper_heartbeats_valid_at ON keeper_heartbeats (at DESC) WHERE valid;
CREATE INDEX keeper_heartbeats_received_at ON keeper_heartbeats (received_at);

-- One row per evaluation of health.ready, with the inputs it was computed from; the gateway reads the newest.
CREATE TABLE readiness (
  id            bigserial PRIMARY KEY,
  computed_at   timestamptz NOT NULL DEFAULT now(),
  display       boolean     NOT NULL,
  history       boolean     NOT NULL,
  activity      boolean     NOT NULL,
  operations    boolean     NOT NULL,
  deposits      boolean     NOT NULL,
  reason_codes  text[]      NOT NULL,
  inputs        jsonb       NOT NULL
);
CREATE INDEX readiness_computed_at ON readiness (computed_at);

-- Down Migration
DROP TABLE readiness;
DROP TABLE keeper_heartbeats;
DROP TABLE hlp_snapshots;
DROP TABLE vault_snapshots;
