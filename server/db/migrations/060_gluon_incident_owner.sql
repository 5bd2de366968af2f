-- An incident's owner: the analyst who looks after it (a user of the tenant with report access,
-- checked by the service). Deleting the user leaves the incident without an owner, not gone.

ALTER TABLE gluon_incidents ADD COLUMN owner_id uuid REFERENCES users(id) ON DELETE SET NULL;
-- "Assigned to me" in the queue reads (tenant_id, owner_id).
CREATE INDEX gluon_incidents_owner ON gluon_incidents (tenant_id, owner_id) WHERE owner_id IS NOT NULL;
