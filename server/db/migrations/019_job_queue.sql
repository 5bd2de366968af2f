-- One job queue for background work (server/queue): named queues, retries with backoff, a failed
-- state that keeps the error, a heartbeat so a crashed worker's job is claimed again, and
-- schedules that fire once across several API instances.
CREATE TABLE queue_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  queue text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- created: waiting; retry: waiting after a failed attempt; active: claimed; completed; failed (no attempts left).
  state text NOT NULL DEFAULT 'created' CHECK (state IN ('created', 'retry', 'active', 'completed', 'failed')),
  priority integer NOT NULL DEFAULT 0,
  -- While waiting, at most one job per (queue, singleton_key).
  singleton_key text,
  run_after timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  retry_limit integer NOT NULL DEFAULT 2,
  retry_delay_ms integer NOT NULL DEFAULT 1000,
  expire_seconds integer NOT NULL DEFAULT 60,
  claimed_by text,
  heartbeat_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX queue_jobs_fetch ON queue_jobs (queue, state, priority DESC, run_after) WHERE state IN ('created', 'retry', 'active');
CREATE UNIQUE INDEX queue_jobs_singleton ON queue_jobs (queue, singleton_key) WHERE state IN ('created', 'retry') AND singleton_key IS NOT NULL;
CREATE INDEX queue_jobs_failed ON queue_jobs (finished_at DESC) WHERE state = 'failed';

-- A schedule sends one job to its queue every every_ms; the instance that moves next_run_at on sends it.
CREATE TABLE queue_schedules (
  name text PRIMARY KEY,
  queue text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  every_ms integer NOT NULL CHECK (every_ms > 0),
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz
);
