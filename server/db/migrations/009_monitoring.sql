-- Monitoring: alerts derived from gluon's rows, rules that say who is told about
-- which alerts and how often, silences, device groups, and deliveries. Every step is a row, so
-- any instance's job loop can pick it up and nothing is lost on restart.

-- Device groups / watch lists (monitoring resources, mnt#rsc#w). A finding on a device of a
-- watched group raises its own alert.
CREATE TABLE monitoring_device_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  watched boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name)
);

CREATE TABLE monitoring_device_group_members (
  group_id uuid NOT NULL REFERENCES monitoring_device_groups(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, device_id)
);
CREATE INDEX monitoring_device_group_members_device ON monitoring_device_group_members (device_id);

CREATE TABLE monitoring_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  -- One per source event ('incident:<event id>', 'stale:<device>:<last inspection>'): two
  -- instances scanning the same rows create one alert.
  source_key text NOT NULL,
  category text NOT NULL CHECK (category IN ('incident', 'finding', 'inspection_failed', 'stale', 'hunt')),
  severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high')),
  title text NOT NULL,
  device_id uuid REFERENCES gluon_devices(id) ON DELETE SET NULL,
  device_name text,
  family_id text,
  family_name text,
  incident_id uuid REFERENCES gluon_incidents(id) ON DELETE SET NULL,
  inspection_id uuid REFERENCES gluon_inspections(id) ON DELETE SET NULL,
  hunt_id uuid,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'acknowledged', 'resolved', 'ignored')),
  status_by uuid REFERENCES users(id) ON DELETE SET NULL,
  status_by_email text,
  status_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, source_key)
);
CREATE INDEX monitoring_alerts_tenant ON monitoring_alerts (tenant_id, created_at DESC);
CREATE INDEX monitoring_alerts_status ON monitoring_alerts (tenant_id, status);

-- How far each alert source has read its rows (the scan re-reads a short overlap: rows committed
-- late carry an earlier timestamp; the unique source_key makes the re-read harmless).
CREATE TABLE monitoring_source_cursors (
  source text PRIMARY KEY,
  scanned_to timestamptz NOT NULL
);

CREATE TABLE monitoring_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  min_severity text NOT NULL DEFAULT 'high' CHECK (min_severity IN ('low', 'medium', 'high')),
  -- NULL = any
  category text CHECK (category IN ('incident', 'finding', 'inspection_failed', 'stale', 'hunt')),
  family_id text,
  group_id uuid REFERENCES monitoring_device_groups(id) ON DELETE CASCADE,
  frequency text NOT NULL DEFAULT 'immediate' CHECK (frequency IN ('immediate', 'daily', 'weekly')),
  -- 'immediate' waits this long after a group's first alert for more (Grafana's group_wait).
  group_window_seconds integer NOT NULL DEFAULT 30 CHECK (group_window_seconds BETWEEN 0 AND 3600),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitoring_rules_tenant ON monitoring_rules (tenant_id);

CREATE TABLE monitoring_recipients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  rule_id uuid NOT NULL REFERENCES monitoring_rules(id) ON DELETE CASCADE,
  -- A console user (their address follows the account) or an outside address.
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (rule_id, email)
);

CREATE TABLE monitoring_silences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  rule_id uuid REFERENCES monitoring_rules(id) ON DELETE CASCADE,
  device_id uuid REFERENCES gluon_devices(id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  reason text NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (rule_id IS NOT NULL OR device_id IS NOT NULL),
  CHECK (ends_at > starts_at)
);
CREATE INDEX monitoring_silences_tenant ON monitoring_silences (tenant_id, ends_at);

-- One mail to one recipient for one rule: at once (after the grouping window), or a daily /
-- weekly digest. Alerts join the recipient's pending delivery until it is claimed.
CREATE TABLE monitoring_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  rule_id uuid REFERENCES monitoring_rules(id) ON DELETE SET NULL,
  recipient_id uuid REFERENCES monitoring_recipients(id) ON DELETE SET NULL,
  email text NOT NULL,
  channel text NOT NULL DEFAULT 'email',
  frequency text NOT NULL CHECK (frequency IN ('immediate', 'daily', 'weekly')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
  due_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text,
  claimed_at timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one open (pending) delivery per recipient of a rule: new alerts join it.
CREATE UNIQUE INDEX monitoring_deliveries_open ON monitoring_deliveries (recipient_id) WHERE status = 'pending' AND attempts = 0;
CREATE INDEX monitoring_deliveries_due ON monitoring_deliveries (status, due_at);
CREATE INDEX monitoring_deliveries_tenant ON monitoring_deliveries (tenant_id, created_at DESC);

CREATE TABLE monitoring_delivery_alerts (
  delivery_id uuid NOT NULL REFERENCES monitoring_deliveries(id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES monitoring_alerts(id) ON DELETE CASCADE,
  PRIMARY KEY (delivery_id, alert_id)
);
CREATE INDEX monitoring_delivery_alerts_alert ON monitoring_delivery_alerts (alert_id);
