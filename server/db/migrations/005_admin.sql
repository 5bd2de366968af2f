-- Administration console: the users table pages, sorts and searches a tenant of
-- 10,000+ users on the server, and the audit log filters by action prefix.
CREATE INDEX IF NOT EXISTS users_tenant_email_idx ON users (tenant_id, email);
CREATE INDEX IF NOT EXISTS users_tenant_last_login_idx ON users (tenant_id, last_login_at);
CREATE INDEX IF NOT EXISTS users_tenant_created_idx ON users (tenant_id, created_at);
CREATE INDEX IF NOT EXISTS audit_events_tenant_action_idx ON audit_events (tenant_id, action);
CREATE INDEX IF NOT EXISTS collector_links_tenant_created_idx ON collector_links (tenant_id, created_at DESC);
