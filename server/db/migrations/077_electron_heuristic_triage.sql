-- A Mac's heuristic triaged benign by an analyst (with why): it no longer counts in the Mac's
-- risk, in this archive and in later ones that report the same heuristic (the same rule about
-- the same item: its message names the item), until it is reopened (the row deleted).
CREATE TABLE electron_heuristic_triage (
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  -- `<rule> <message>`: the heuristic's identity across archives.
  heuristic_key text NOT NULL,
  comment text NOT NULL,
  triaged_by uuid REFERENCES users(id) ON DELETE SET NULL,
  triaged_by_email text,
  triaged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, heuristic_key)
);
