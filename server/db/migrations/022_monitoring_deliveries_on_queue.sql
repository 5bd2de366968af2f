-- Monitoring's deliveries are sent by the job queue (server/queue) from now on, no longer by
-- monitoring's own claim loop: one job per delivery on queue 'monitoring.delivery' (data
-- { deliveryId }, the tenant's, its id as singleton key), due when the delivery is, keeping the
-- attempts it used (8 in all: retry_limit 7 after the first). A delivery an instance of the old
-- loop had claimed ('sending') waits again, due at once.
UPDATE monitoring_deliveries SET status = 'pending', claimed_by = NULL, due_at = LEAST(due_at, now())
 WHERE status = 'sending';

INSERT INTO queue_jobs (queue, data, tenant_id, singleton_key, state, run_after, attempts, retry_limit, retry_delay_ms, created_at)
SELECT 'monitoring.delivery', jsonb_build_object('deliveryId', d.id), d.tenant_id, d.id::text,
       CASE WHEN d.attempts > 0 THEN 'retry' ELSE 'created' END, d.due_at, LEAST(d.attempts, 7), 7, 30000, d.created_at
  FROM monitoring_deliveries d
 WHERE d.status = 'pending'
   AND NOT EXISTS (SELECT 1 FROM queue_jobs j WHERE j.queue = 'monitoring.delivery' AND j.singleton_key = d.id::text)
ON CONFLICT DO NOTHING;
