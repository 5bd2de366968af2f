-- Substring search ("contains") on lists and hunts uses GIN trigram indexes; PGlite loads the
-- extension's code at open (db/pglite.ts), PostgreSQL ships it in its contrib modules.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
