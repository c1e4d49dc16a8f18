-- The job pipeline's keys compare as bytes.
--
-- Every text column used the database's default collation, and on a cluster whose locale is not
-- "C" (Debian's default C.UTF-8 included, before PostgreSQL 17) each comparison in a B-tree goes
-- through the C library's strcoll, after both strings are copied to be NUL-terminated. A drain
-- compares ids on every claim and success (the primary keys of event_histories and job_queue),
-- and an enqueue walks six indexes on event_histories and two on job_queue: sampled during a
-- drain, the collation's functions were 5 % of PostgreSQL's time, and 2 % after this
-- (docs/benchmarks.md, step 31).
--
-- The ids are UUIDs in text and the times ISO 8601 in UTC: byte order is the order they mean,
-- so no query's answer changes; equality was already byte equality.
ALTER TABLE event_histories
    ALTER COLUMN id TYPE TEXT COLLATE "C",
    ALTER COLUMN type TYPE TEXT COLLATE "C",
    ALTER COLUMN client_id TYPE TEXT COLLATE "C",
    ALTER COLUMN batch_id TYPE TEXT COLLATE "C",
    ALTER COLUMN dedupe_key TYPE TEXT COLLATE "C",
    ALTER COLUMN created_at TYPE TEXT COLLATE "C";

ALTER TABLE job_queue
    ALTER COLUMN id TYPE TEXT COLLATE "C",
    ALTER COLUMN run_at TYPE TEXT COLLATE "C",
    ALTER COLUMN queued_at TYPE TEXT COLLATE "C",
    ALTER COLUMN lease_until TYPE TEXT COLLATE "C",
    ALTER COLUMN created_at TYPE TEXT COLLATE "C";
