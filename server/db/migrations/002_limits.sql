-- Sign-in limits live in the database, so every API instance on it shares them and a
-- restart does not reset them (services/rateLimit.ts, services/lockout.ts).

-- One row per failed attempt of a client (key 'ip:<address>'); the budget is a sliding window
-- over these rows. Refused attempts add no row, so a client has at most the budget's rows per
-- window; older rows are pruned.
CREATE TABLE failure_events (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX failure_events_key_at_idx ON failure_events (key, at DESC);

-- The lockout of sign-in names that have no account (same counter and answers as users'
-- failed_logins), so that a 429 does not tell whether an account exists. key is the SHA-256
-- of the normalised e-mail: what people type as a username is not kept in clear.
CREATE TABLE unknown_account_lockouts (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_failed_at timestamptz
);
CREATE INDEX unknown_account_lockouts_last_idx ON unknown_account_lockouts (last_failed_at);
