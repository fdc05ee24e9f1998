-- Up Migration
-- The indexer's action sweep (listActionProgress, after every step) only looks at actions that can still move:
-- confirmed ones and queued redemptions on their way. Finished, failed and unsigned actions pile up for ever
-- and stay out of this index; the sweep's query repeats the predicate word for word so the planner can use it.
CREATE INDEX partner_actions_indexer_progress ON partner_actions (updated_at, id)
  WHERE status = 'confirmed'
     OR (action = 'redeem_async' AND status IN ('indexed', 'waiting_for_keeper', 'claimable'));

-- Down Migration
DROP INDEX partner_actions_indexer_progress;
