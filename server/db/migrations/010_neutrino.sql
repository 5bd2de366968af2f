-- Neutrino: fleet threat hunting over gluon's stored observations. The hunt searches
-- gluon_observations by exact value and prefix (b-tree, text_pattern_ops so LIKE 'x%' uses it
-- whatever the collation) and by substring (GIN trigrams, case-insensitive ILIKE); gluon's
-- columns are left as they are. Saved hunts run again on every new inspection and on a schedule;
-- each match is one row of neutrino_hunt_matches (Monitoring turns new rows into alerts).
CREATE INDEX IF NOT EXISTS neutrino_observations_value ON gluon_observations (value text_pattern_ops, kind);
CREATE INDEX IF NOT EXISTS neutrino_observations_value_trgm ON gluon_observations USING gin (value gin_trgm_ops);

CREATE TABLE neutrino_saved_hunts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- 'hunt': { mode, value, kinds }; 'sweep': { indicators: [{ type, value }] }.
  type text NOT NULL CHECK (type IN ('hunt', 'sweep')),
  query jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Inspections finished up to here were matched (the durable scan's cursor), and when the
  -- scheduled full run last went over everything.
  scanned_until timestamptz,
  last_full_run_at timestamptz,
  UNIQUE (tenant_id, name)
);

CREATE TABLE neutrino_hunt_matches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  hunt_id uuid NOT NULL REFERENCES neutrino_saved_hunts(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  inspection_id uuid NOT NULL REFERENCES gluon_inspections(id) ON DELETE CASCADE,
  kind text NOT NULL,
  value text NOT NULL,
  -- The evidence: file and line of the observation.
  source text,
  line integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Idempotent: running a hunt again over the same inspection adds nothing.
  UNIQUE (hunt_id, inspection_id, kind, value)
);
CREATE INDEX neutrino_hunt_matches_tenant ON neutrino_hunt_matches (tenant_id, created_at DESC);
