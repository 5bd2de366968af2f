-- The tenant's time zone: what mails and CSV exports name their times in (ISO 8601 with the zone,
-- common/format/zonedTime). A fixed offset in hours and its abbreviation, as the console's zone
-- table gives them (spec §3); UTC until an administrator chooses.

ALTER TABLE tenants
  ADD COLUMN time_zone_name text NOT NULL DEFAULT 'UTC',
  ADD COLUMN time_zone_offset double precision NOT NULL DEFAULT 0 CHECK (time_zone_offset BETWEEN -12 AND 14);
