-- Up Migration
-- A log is named by its block and its index in that block (logIndex counts the whole block's logs), so the indexed
-- tables key their rows by (chain_id, block_number, log_index): that one unique index skips a replayed range's rows
-- and finds the rows of orphaned blocks for a reorg, where a transaction-hash key needed a block index beside it.
-- share_transfers loses its holder indexes too: a reorg now takes the deleted transfers back out of share_balances
-- (packages/db/src/indexer/transfers.ts) instead of summing each touched holder's history again. Measured alone,
-- Postgres' CPU per 2,500 transfers with their balances fell by about a third (docs/performance.md#log-position-keys).
ALTER TABLE activity_events DROP CONSTRAINT activity_events_chain_id_tx_hash_log_index_key;
ALTER TABLE activity_events ADD CONSTRAINT activity_events_log_key UNIQUE (chain_id, block_number, log_index);
DROP INDEX activity_events_block_idx;
-- The indexer's action sweep finds an action's events by its transaction.
CREATE INDEX activity_events_tx_idx ON activity_events (chain_id, tx_hash);

ALTER TABLE share_transfers DROP CONSTRAINT share_transfers_pkey;
ALTER TABLE share_transfers ADD PRIMARY KEY (chain_id, block_number, log_index);
DROP INDEX share_transfers_from_idx;
DROP INDEX share_transfers_to_idx;
DROP INDEX share_transfers_block_idx;

-- Down Migration
CREATE INDEX share_transfers_block_idx ON share_transfers (chain_id, block_number);
CREATE INDEX share_transfers_to_idx ON share_transfers (chain_id, to_address);
CREATE INDEX share_transfers_from_idx ON share_transfers (chain_id, from_address);
ALTER TABLE share_transfers DROP CONSTRAINT share_transfers_pkey;
ALTER TABLE share_transfers ADD PRIMARY KEY (chain_id, tx_hash, log_index);

DROP INDEX activity_events_tx_idx;
CREATE INDEX activity_events_block_idx ON activity_events (chain_id, block_number);
ALTER TABLE activity_events DROP CONSTRAINT activity_events_log_key;
ALTER TABLE activity_events ADD CONSTRAINT activity_events_chain_id_tx_hash_log_index_key UNIQUE (chain_id, tx_hash, log_index);
