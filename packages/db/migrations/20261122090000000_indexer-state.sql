-- Up Migration
-- One row per followed chain: where the indexer is and whether it can go on. The watcher and the gateway read it
-- for health.indexer and the readiness flags; only the indexer writes it.
CREATE TABLE indexer_state (
  chain_id          integer PRIMARY KEY,
  start_block       bigint      NOT NULL,
  cursor_block      bigint      NOT NULL,
  latest_block      bigint,
  confirmed_block   bigint,
  last_event_block  bigint,
  last_event_at     timestamptz,
  indexed_at        timestamptz,
  rpc_healthy       boolean     NOT NULL DEFAULT true,
  rpc_error         text,
  -- Set when a reorg deeper than the confirmation depth stopped the indexer: it never resumes silently.
  halted_reason     text,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE indexer_state;
