-- A job only the instance that sent it can run, for a while: what it needs is in that process's
-- memory alone (an encrypted backup's password, never stored). Until held_until, workers of
-- other instances pass it by; after it, any instance may claim it (and the job says what is missing).
ALTER TABLE queue_jobs ADD COLUMN held_by text;
ALTER TABLE queue_jobs ADD COLUMN held_until timestamptz;
