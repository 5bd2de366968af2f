-- Gluon: rule sets and their indicators, uploaded files, devices, inspections, the
-- observations they stored (rescans match them again), findings grouped into incidents, and the
-- job queue the in-process workers claim from. Everything is per tenant.

CREATE TABLE gluon_rule_sets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  bundle_id text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  author text,
  digest text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  families jsonb NOT NULL DEFAULT '[]',
  counts jsonb NOT NULL DEFAULT '{}',
  unsupported jsonb NOT NULL DEFAULT '[]',
  indicator_count integer NOT NULL DEFAULT 0,
  -- Bumped by every change that alters what the rule set matches (import, enable, suppression).
  revision integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, bundle_id)
);

CREATE TABLE gluon_indicators (
  rule_set_id uuid NOT NULL REFERENCES gluon_rule_sets(id) ON DELETE CASCADE,
  stix_id text NOT NULL,
  type text NOT NULL,
  value text NOT NULL,
  pattern text NOT NULL,
  family_id text NOT NULL,
  family_name text NOT NULL,
  PRIMARY KEY (rule_set_id, stix_id)
);

CREATE TABLE gluon_suppressions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  indicator_id text NOT NULL,
  -- Optional narrowing to one observed value (a finding marked false positive); null = the whole indicator.
  kind text,
  value text,
  reason text NOT NULL,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gluon_suppressions_tenant ON gluon_suppressions (tenant_id);

CREATE TABLE gluon_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  sha256 text NOT NULL,
  size bigint NOT NULL,
  storage_key text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, sha256)
);

CREATE TABLE gluon_devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  model_code text,
  os_version text,
  crash_reporter_key text,
  -- The collector install (end user of a collector link) whose files land on this device.
  collector_install_id uuid REFERENCES collector_installs(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_inspection_at timestamptz
);
CREATE UNIQUE INDEX gluon_devices_install ON gluon_devices (tenant_id, collector_install_id) WHERE collector_install_id IS NOT NULL;
CREATE UNIQUE INDEX gluon_devices_key ON gluon_devices (tenant_id, crash_reporter_key) WHERE crash_reporter_key IS NOT NULL;
CREATE INDEX gluon_devices_tenant ON gluon_devices (tenant_id, last_inspection_at DESC);

CREATE TABLE gluon_inspections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  file_id uuid REFERENCES gluon_files(id) ON DELETE SET NULL,
  device_id uuid REFERENCES gluon_devices(id) ON DELETE CASCADE,
  -- upload | collector | rescan
  origin text NOT NULL,
  file_name text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress integer NOT NULL DEFAULT 0,
  error text,
  rule_set_versions jsonb NOT NULL DEFAULT '[]',
  observation_count integer NOT NULL DEFAULT 0,
  finding_count integer NOT NULL DEFAULT 0,
  new_finding_count integer NOT NULL DEFAULT 0,
  artefacts jsonb NOT NULL DEFAULT '[]',
  heuristics jsonb NOT NULL DEFAULT '[]',
  warnings jsonb NOT NULL DEFAULT '[]',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX gluon_inspections_device ON gluon_inspections (device_id, created_at DESC);
CREATE INDEX gluon_inspections_tenant ON gluon_inspections (tenant_id, created_at DESC);

CREATE TABLE gluon_observations (
  id bigserial PRIMARY KEY,
  inspection_id uuid NOT NULL REFERENCES gluon_inspections(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  kind text NOT NULL,
  value text NOT NULL,
  -- Where it was first seen (the evidence), then up to five files it was seen in and how often.
  source text NOT NULL,
  line integer,
  raw text,
  sources text[] NOT NULL DEFAULT '{}',
  occurrences integer NOT NULL DEFAULT 1,
  first_seen timestamptz,
  last_seen timestamptz,
  -- One row per value and inspection: 10,000 crash reports naming the same libraries store them once.
  UNIQUE (inspection_id, kind, value)
);
CREATE INDEX gluon_observations_device ON gluon_observations (device_id, kind);

CREATE TABLE gluon_incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  family_id text NOT NULL,
  family_name text NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'confirmed', 'benign', 'false_positive')),
  severity text NOT NULL DEFAULT 'high',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (device_id, family_id)
);
CREATE INDEX gluon_incidents_tenant ON gluon_incidents (tenant_id, state);

CREATE TABLE gluon_findings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  incident_id uuid NOT NULL REFERENCES gluon_incidents(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  inspection_id uuid REFERENCES gluon_inspections(id) ON DELETE SET NULL,
  indicator_id text NOT NULL,
  indicator_type text NOT NULL,
  indicator_value text NOT NULL,
  pattern text NOT NULL,
  rule_set_id uuid REFERENCES gluon_rule_sets(id) ON DELETE SET NULL,
  rule_set_name text NOT NULL,
  rule_set_version text NOT NULL,
  route text NOT NULL,
  kind text NOT NULL,
  value text NOT NULL,
  source text NOT NULL,
  line integer,
  raw text,
  observed_at timestamptz,
  suppressed boolean NOT NULL DEFAULT false,
  suppression_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The same indicator seen on the same device in the same way is one finding, however often inspected.
  UNIQUE (device_id, indicator_id, kind, value)
);
CREATE INDEX gluon_findings_incident ON gluon_findings (incident_id);

CREATE TABLE gluon_incident_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES gluon_incidents(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  -- opened | findings | triage | suppressed
  kind text NOT NULL,
  from_state text,
  to_state text,
  comment text,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_email text
);
CREATE INDEX gluon_incident_events_incident ON gluon_incident_events (incident_id, at);

-- Jobs: claimed by one worker (FOR UPDATE SKIP LOCKED); a running job whose heartbeat is stale
-- (its worker died) is claimed again; finishing checks the claim (worker and attempt) still holds.
CREATE TABLE gluon_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('inspect', 'rescan')),
  inspection_id uuid REFERENCES gluon_inspections(id) ON DELETE CASCADE,
  device_id uuid REFERENCES gluon_devices(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text,
  heartbeat_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX gluon_jobs_pending ON gluon_jobs (status, created_at);
