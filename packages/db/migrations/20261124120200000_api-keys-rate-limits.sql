-- Up Migration
-- When a key last authenticated a request. Written at most once a minute per key per gateway replica
-- (services/gateway/src/auth/last-use.ts), so it is accurate to about a minute, never per request.
ALTER TABLE partner_api_keys ADD COLUMN last_used_at timestamptz;

-- A partner's own request budget, set by `pnpm admin limits set`; partners without a row get the gateway's
-- RATE_LIMIT_PARTNER_PER_MINUTE. 0 means unlimited, as in the gateway's configuration.
CREATE TABLE partner_rate_limits (
  partner_id  uuid        PRIMARY KEY REFERENCES partners (id),
  per_minute  integer     NOT NULL CHECK (per_minute >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE partner_rate_limits;
ALTER TABLE partner_api_keys DROP COLUMN last_used_at;
