-- Sign-in and registration allowances, counted here rather than in each server process's memory:
-- with WORKERS=2 an address would otherwise get one allowance per process. One row per route and
-- client address holds the hits of its current window; a window past its end starts over.
CREATE TABLE rate_limit_windows (
  key        text PRIMARY KEY CHECK (length(key) <= 300),
  hits       integer NOT NULL CHECK (hits > 0),
  started_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_windows_started_idx ON rate_limit_windows (started_at);
