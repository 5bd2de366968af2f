-- The gluon landing's incidents across devices open sorted by last change, newest
-- first, and page by (key, id): an index in that order lets a page read its rows and stop, instead
-- of sorting every open incident of the tenant (20,000 incidents: ~100 ms a page on PGlite
-- without it). By age (created_at) likewise. Incidents change rarely; the write cost is small.
CREATE INDEX gluon_incidents_queue_updated ON gluon_incidents (tenant_id, updated_at DESC, id DESC);
CREATE INDEX gluon_incidents_queue_created ON gluon_incidents (tenant_id, created_at DESC, id DESC);
