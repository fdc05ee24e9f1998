-- Up Migration
-- What the indexer derives from the vault's logs. Addresses and hashes are stored lowercase; amounts are raw
-- token units (numeric(78,0) holds any uint256). Every row carries the block it came from, so a reorg deletes
-- exactly what the orphaned blocks produced.

-- Headers of recently indexed blocks (the unconfirmed window plus the cursor's block): blocks are linked
-- parent_hash -> hash, and a new block whose parent is not the stored hash is a reorg.
CREATE TABLE indexed_blocks (
  chain_id     integer     NOT NULL,
  number       bigint      NOT NULL,
  hash         text        NOT NULL,
  parent_hash  text        NOT NULL,
  timestamp    timestamptz NOT NULL,
  PRIMARY KEY (chain_id, number)
);

-- One row per followed log that means something to a wallet (types documented in packages/domain/src/activity).
CREATE TABLE activity_events (
  chain_id         integer     NOT NULL,
  tx_hash          text        NOT NULL,
  log_index        integer     NOT NULL,
  block_number     bigint      NOT NULL,
  block_hash       text        NOT NULL,
  block_timestamp  timestamptz NOT NULL,
  type             text        NOT NULL CHECK (type IN ('deposit', 'redeem_requested', 'redeem_fulfilled',
                     'redeem_claimed', 'redeem_cancelled', 'redeem_instant', 'transfer')),
  event_name       text        NOT NULL,
  wallet           text        NOT NULL,
  owner            text        NOT NULL,
  receiver         text        NOT NULL,
  assets_raw       numeric(78,0),
  shares_raw       numeric(78,0) NOT NULL,
  redeem_id        numeric(78,0),
  UNIQUE (chain_id, tx_hash, log_index)
);
-- A wallet's activity newest first; transfers are also found by their recipient.
CREATE INDEX activity_events_wallet_idx ON activity_events (chain_id, wallet, block_number DESC, log_index DESC);
CREATE INDEX activity_events_receiver_idx ON activity_events (chain_id, receiver, block_number DESC, log_index DESC)
  WHERE type = 'transfer';
CREATE INDEX activity_events_block_idx ON activity_events (chain_id, block_number);
CREATE INDEX activity_events_redeem_idx ON activity_events (chain_id, redeem_id) WHERE redeem_id IS NOT NULL;

-- Every share Transfer, mints and burns included: share_balances is their sum (its keys and indexes changed in
-- 20261128170000000_log-position-keys, where a reorg began to subtract the deleted transfers instead).
CREATE TABLE share_transfers (
  chain_id      integer       NOT NULL,
  tx_hash       text          NOT NULL,
  log_index     integer       NOT NULL,
  block_number  bigint        NOT NULL,
  from_address  text          NOT NULL,
  to_address    text          NOT NULL,
  shares_raw    numeric(78,0) NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX share_transfers_from_idx ON share_transfers (chain_id, from_address);
CREATE INDEX share_transfers_to_idx ON share_transfers (chain_id, to_address);
CREATE INDEX share_transfers_block_idx ON share_transfers (chain_id, block_number);

-- Queued redemptions, folded from their events (packages/domain/src/activity/redemption.ts).
CREATE TABLE redemptions (
  chain_id           integer       NOT NULL,
  redeem_id          numeric(78,0) NOT NULL,
  status             text          NOT NULL CHECK (status IN ('pending', 'claimable', 'claimed', 'cancelled')),
  wallet             text          NOT NULL,
  owner              text          NOT NULL,
  receiver           text          NOT NULL,
  shares_raw         numeric(78,0) NOT NULL,
  assets_raw         numeric(78,0),
  requested_tx_hash  text          NOT NULL,
  fulfilled_tx_hash  text,
  claimed_tx_hash    text,
  cancelled_tx_hash  text,
  requested_at       timestamptz   NOT NULL,
  updated_at         timestamptz   NOT NULL,
  PRIMARY KEY (chain_id, redeem_id)
);
-- A wallet's redemptions newest first.
CREATE INDEX redemptions_wallet_idx ON redemptions (chain_id, wallet, redeem_id DESC);

-- Share balance per holder (the zero address and burns excluded), as the indexed transfers sum up.
CREATE TABLE share_balances (
  chain_id    integer       NOT NULL,
  wallet      text          NOT NULL,
  shares_raw  numeric(78,0) NOT NULL,
  PRIMARY KEY (chain_id, wallet)
);

-- Down Migration
DROP TABLE share_balances;
DROP TABLE redemptions;
DROP TABLE share_transfers;
DROP TABLE activity_events;
DROP TABLE indexed_blocks;
