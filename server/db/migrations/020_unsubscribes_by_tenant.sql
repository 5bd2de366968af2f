-- An unsubscribe belongs to the tenant whose mail carried the link. Until now the readers matched
-- the address alone, so "unsubscribe from all" through one tenant's mail silently stopped another
-- tenant's mail to the same address (its delivery log had no row, its admin could not undo it).
-- One definition of "this recipient left this notification", for every reader (monitoring's
-- routing, weekly summaries and deliveries; the notifications module): a plain SQL function the
-- planner inlines into the caller's query, so a bulk read stays one statement.
CREATE FUNCTION is_unsubscribed(p_tenant uuid, p_email text, p_notification text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM unsubscribes u
     WHERE u.email = lower(p_email)
       AND u.tenant_id IS NOT DISTINCT FROM p_tenant
       AND (u.notification IS NULL OR u.notification = p_notification))
$$;

CREATE INDEX unsubscribes_tenant_email_idx ON unsubscribes (tenant_id, email);
DROP INDEX unsubscribes_email_idx;
