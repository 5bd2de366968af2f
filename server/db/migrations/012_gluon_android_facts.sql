-- The device page's Android tabs: what an acquisition says about each package (installer,
-- flags, dangerous permissions, APK hashes, signing certificate) and the device's properties and
-- settings with their values. Observations keep only names (what indicators match); these keep
-- what an analyst reads, per inspection, so a rescan or a later upload never mixes two acquisitions.
CREATE TABLE gluon_android_packages (
  inspection_id uuid NOT NULL REFERENCES gluon_inspections(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  name text NOT NULL,
  sideloaded boolean NOT NULL,
  detail jsonb NOT NULL,
  PRIMARY KEY (inspection_id, name)
);
CREATE INDEX gluon_android_packages_device ON gluon_android_packages (device_id);

CREATE TABLE gluon_android_properties (
  inspection_id uuid NOT NULL REFERENCES gluon_inspections(id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES gluon_devices(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('property', 'setting')),
  name text NOT NULL,
  value text NOT NULL,
  source text NOT NULL,
  line integer,
  PRIMARY KEY (inspection_id, kind, name)
);
CREATE INDEX gluon_android_properties_device ON gluon_android_properties (device_id);
