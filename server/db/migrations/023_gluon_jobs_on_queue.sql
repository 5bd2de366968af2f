-- Gluon's inspections and rescans run on the job queue (server/queue) instead of their own table:
-- queue 'gluon.inspect' (data tenantId, inspectionId; singleton key inspect:<inspection>) and
-- 'gluon.rescan' (data tenantId and, for a device's Rescan, deviceId; key rescan:<device>, or
-- rematch:<tenant> for the tenant-wide re-match after a rule-set or suppression change).

-- Gluon reads its jobs back by key (a device's last rescan, the tenant's matching status).
CREATE INDEX queue_jobs_key ON queue_jobs (queue, singleton_key, created_at DESC) WHERE singleton_key IS NOT NULL;

-- Waiting jobs survive the upgrade; a job running when the old version stopped starts again
-- (its attempts count). Two waiting jobs of one key become one: it covers both.
INSERT INTO queue_jobs (queue, tenant_id, data, state, singleton_key, attempts, retry_limit, expire_seconds, created_at)
SELECT CASE WHEN kind = 'inspect' THEN 'gluon.inspect' ELSE 'gluon.rescan' END,
       tenant_id,
       jsonb_strip_nulls(jsonb_build_object('tenantId', tenant_id, 'inspectionId', inspection_id, 'deviceId', device_id)),
       'created',
       CASE WHEN kind = 'inspect' THEN 'inspect:' || inspection_id
            WHEN device_id IS NOT NULL THEN 'rescan:' || device_id
            ELSE 'rematch:' || tenant_id END,
       least(attempts, 2), 2, 60, created_at
FROM gluon_jobs
WHERE status IN ('queued', 'running') AND (kind = 'rescan' OR inspection_id IS NOT NULL)
ORDER BY created_at
ON CONFLICT (queue, singleton_key) WHERE state IN ('created', 'retry') AND singleton_key IS NOT NULL DO NOTHING;

-- Finished rescans too: the device page and the matching status read the same after the upgrade.
INSERT INTO queue_jobs (queue, tenant_id, data, state, singleton_key, attempts, retry_limit, expire_seconds, error, created_at, started_at, finished_at)
SELECT 'gluon.rescan',
       tenant_id,
       jsonb_strip_nulls(jsonb_build_object('tenantId', tenant_id, 'deviceId', device_id)),
       CASE WHEN status = 'done' THEN 'completed' ELSE 'failed' END,
       CASE WHEN device_id IS NOT NULL THEN 'rescan:' || device_id ELSE 'rematch:' || tenant_id END,
       greatest(attempts, 1), 2, 60, error, created_at, created_at, coalesce(finished_at, created_at)
FROM gluon_jobs
WHERE kind = 'rescan' AND status IN ('done', 'failed');

-- Nothing reads or writes gluon_jobs any more.
DROP TABLE gluon_jobs;
