-- Every sign-in sets users.last_login_at. While that column was indexed, each of those
-- updates wrote a new entry into all six indexes of users; without the index, and with room left
-- on each page, PostgreSQL updates the row in place (a heap-only tuple) and touches no index.
-- The administrator's users table still sorts by last sign-in: a tenant's rows are found through
-- users_tenant_email_idx and sorted, cheap at 10,000 users, and rare next to sign-ins.
DROP INDEX IF EXISTS users_tenant_last_login_idx;
ALTER TABLE users SET (fillfactor = 90);
