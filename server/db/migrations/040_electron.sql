-- Electron: a Mac is a device of the tenant like a phone (one row in gluon_devices, platform
-- 'macos', identified by its serial number), so its incidents, hunts, alerts and rescans are
-- gluon's. What an Aftermath archive says beyond observations (persistence, TCC grants,
-- processes, network, downloads, timeline, heuristics with their level) is kept per inspection.
ALTER TABLE gluon_devices DROP CONSTRAINT IF EXISTS gluon_devices_platform_check;
ALTER TABLE gluon_devices ADD CONSTRAINT gluon_devices_platform_check CHECK (platform IN ('ios', 'android', 'macos'));

CREATE TABLE electron_archives (
  inspection_id uuid PRIMARY KEY REFERENCES gluon_inspections(id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  device_id uuid REFERENCES gluon_devices(id) ON DELETE CASCADE,
  -- The worst heuristic's level: none | low | medium | high (open incidents make a Mac high when read).
  heuristic_level text NOT NULL DEFAULT 'none' CHECK (heuristic_level IN ('none', 'low', 'medium', 'high')),
  report jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX electron_archives_tenant ON electron_archives (tenant_id, created_at DESC);
CREATE INDEX electron_archives_device ON electron_archives (device_id, created_at DESC);
