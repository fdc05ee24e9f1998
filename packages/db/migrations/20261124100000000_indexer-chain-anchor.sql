-- Up Migration
-- The chain the indexer follows, by one block it relies on: the start block's hash when the indexer first saw it
-- (for a row made before this column, the oldest block it still stored). A node that serves another hash there
-- is another chain, and the indexer halts rather than mix its rows with ours.
ALTER TABLE indexer_state
  ADD COLUMN anchor_block bigint,
  ADD COLUMN anchor_hash  text,
  ADD CONSTRAINT indexer_state_anchor_whole CHECK ((anchor_block IS NULL) = (anchor_hash IS NULL));

-- Down Migration
ALTER TABLE indexer_state DROP CONSTRAINT indexer_state_anchor_whole, DROP COLUMN anchor_hash, DROP COLUMN anchor_block;
