-- A job may work for one tenant (a notification delivery, an inspection): that tenant's
-- administrators see it on the Administration jobs page and may retry it when it failed. Jobs
-- without a tenant are the system's (housekeeping, the saved-hunt scan over every tenant).
ALTER TABLE queue_jobs ADD COLUMN tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE;
CREATE INDEX queue_jobs_tenant_failed ON queue_jobs (tenant_id, finished_at DESC) WHERE state = 'failed';
