-- Neutrino: the distinct (kind, value) pairs ever observed, all tenants together.
-- Observations repeat across devices (the same processes, domains and packages on every phone),
-- so this dictionary is a small fraction of gluon_observations: a "contains" hunt finds the
-- matching values here by trigrams, then their observations by the b-tree on value (migration
-- 010), instead of reading the observations' trigram posting lists whole. It holds values only,
-- no tenant, device or inspection: results always come from the tenant's own observations.
--
-- No unique key, on purpose: two inspections storing the same new value at once would otherwise
-- wait on each other's uncommitted row, and an inspection inserts in batches (several statements
-- per transaction), so two could deadlock. A value first seen by two concurrent inspections may be
-- listed twice; readers ignore duplicates and housekeeping removes them (services/huntValues.ts).
CREATE TABLE neutrino_values (
  kind text NOT NULL,
  value text NOT NULL
);

-- Kept in the inspection's own transaction: one statement per INSERT into gluon_observations,
-- over its transition table. The shared advisory lock lets pruning (exclusive, same key) run only
-- between inspections, so it never deletes a value an uncommitted inspection relies on.
CREATE FUNCTION neutrino_values_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727274017);
  INSERT INTO neutrino_values (kind, value)
  SELECT DISTINCT n.kind, n.value FROM new_observations n
  WHERE NOT EXISTS (SELECT 1 FROM neutrino_values v WHERE v.kind = n.kind AND v.value = n.value);
  RETURN NULL;
END
$$;

CREATE TRIGGER neutrino_values_add AFTER INSERT ON gluon_observations
  REFERENCING NEW TABLE AS new_observations
  FOR EACH STATEMENT EXECUTE FUNCTION neutrino_values_add();

-- The trigger first: creating it locks gluon_observations against writes until this migration
-- commits, so no observation stored meanwhile is missed by the fill below. Indexes after the fill
-- (one build, not one insert at a time).
INSERT INTO neutrino_values (kind, value) SELECT DISTINCT kind, value FROM gluon_observations;
CREATE INDEX neutrino_values_kind_value ON neutrino_values (kind, value);
CREATE INDEX neutrino_values_trgm ON neutrino_values USING gin (value gin_trgm_ops);
