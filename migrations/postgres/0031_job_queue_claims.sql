-- A claim writes only job_queue's lease: a heap-only update.
--
-- A claimed job's status was copied to job_queue, and status is in the predicate of every
-- partial index there, so each claim wrote a new row version with new entries in the primary
-- key and the lease index: 4.3 WAL records and 470 bytes per job, about half of a claim round's
-- time, where the event_histories update beside it is heap-only, 1 record and 240 bytes
-- (docs/benchmarks.md, step 32).
--
-- Now job_queue's status is PENDING for every job not done and not failed, claimed or not; the
-- claim writes only lease_until, which no index holds, so the update stays on its page (room is
-- left for it). event_histories' status still says which jobs run. So:
--
-- - The sweeper's picks skip rows that hold a lease (a claimed job is not waiting; event_histories
--   is checked as before).
-- - The orphan rescue reads the jobs pushed, or due, longer than a lease ago and keeps those
--   whose lease ran out: a job is claimed after it was pushed and when due, so one whose lease
--   expired was pushed (or due) more than a lease before. Jobs that wait that long in a backlog
--   are read too, from their row alone.
-- - The monitors' PROCESSING filter reads event_histories' status of job_queue's PENDING rows.
DROP INDEX job_queue_lease_idx;
ALTER TABLE job_queue SET (fillfactor = 50);
UPDATE job_queue SET status = 'PENDING' WHERE status = 'PROCESSING';

CREATE OR REPLACE FUNCTION job_queue_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'SUCCESS' THEN
        DELETE FROM job_queue WHERE id = NEW.id;
    ELSE
        UPDATE job_queue
            SET status = CASE WHEN NEW.status = 'PROCESSING' THEN 'PENDING' ELSE NEW.status END,
                run_at = NEW.run_at, queued_at = NEW.queued_at, lease_until = NEW.lease_until
            WHERE id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;
