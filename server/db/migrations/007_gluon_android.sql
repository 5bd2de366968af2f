-- Gluon inspects Android phones too: a device has a platform, and an Android one is
-- identified by its serial (getprop ro.serialno) as an iPhone is by its crashReporterKey; the
-- security patch level and build fingerprint come from getprop.
ALTER TABLE gluon_devices ADD COLUMN platform text NOT NULL DEFAULT 'ios' CHECK (platform IN ('ios', 'android'));
ALTER TABLE gluon_devices ADD COLUMN security_patch text;
ALTER TABLE gluon_devices ADD COLUMN build_fingerprint text;
ALTER TABLE gluon_devices ADD COLUMN serial text;
CREATE UNIQUE INDEX gluon_devices_serial ON gluon_devices (tenant_id, serial) WHERE serial IS NOT NULL;
