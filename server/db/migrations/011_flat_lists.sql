-- Flat lists: every list the console pages through reads one bounded slice of an index
-- whose order is the list's ORDER BY, NULLs and the id tie-breaker included, so a page costs the
-- same at 1,000 rows and at 1,000,000 (server/services/listQuery.ts bounds the depth and the count).

-- Devices: most recently inspected first, never-inspected last, id breaks ties.
DROP INDEX IF EXISTS gluon_devices_tenant;
CREATE INDEX gluon_devices_list ON gluon_devices (tenant_id, last_inspection_at DESC NULLS LAST, id);
-- Device search ("contains" over name, model, OS version and crash reporter key): one trigram index
-- on the fields joined by a unit separator (no term typed in a search box spans two fields).
CREATE INDEX gluon_devices_search ON gluon_devices USING gin (
  lower(name || chr(31) || coalesce(model_code, '') || chr(31) || coalesce(os_version, '') || chr(31) || coalesce(crash_reporter_key, '')) gin_trgm_ops
);
-- The devices list's per-row open-incident count (computed for the page's rows only).
CREATE INDEX gluon_incidents_device_open ON gluon_incidents (device_id) WHERE state IN ('open', 'confirmed');

-- Uploads: newest first without the rescans, for the tenant and for one uploader.
CREATE INDEX gluon_inspections_uploads ON gluon_inspections (tenant_id, created_at DESC, id) WHERE origin <> 'rescan';
CREATE INDEX gluon_inspections_uploads_by ON gluon_inspections (tenant_id, created_by, created_at DESC, id) WHERE origin <> 'rescan';

-- Audit log: newest first, and by actor (the actor filter resolves e-mails to user ids first).
DROP INDEX IF EXISTS audit_events_tenant_time_idx;
CREATE INDEX audit_events_list ON audit_events (tenant_id, created_at DESC, id);
CREATE INDEX audit_events_actor ON audit_events (tenant_id, actor_id, created_at DESC, id);
-- E-mail "contains" for the audit actor filter and the users search.
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);

-- A rule set's indicators: by type and value, the STIX id breaking ties so pages never overlap.
-- (Their count stays exact: a rule set is as large as its bundle, not as the fleet.)
CREATE INDEX gluon_indicators_list ON gluon_indicators (rule_set_id, type, value, stix_id);
