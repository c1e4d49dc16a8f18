-- The jobs not done yet, apart from the record of every job.
--
-- Every job changes status twice (claimed, done) and its lease is renewed while it runs. With
-- indexes over status, run_at, queued_at or lease_until on event_histories, each of those
-- changes wrote a new entry into every index of the table (seven): most of PostgreSQL's time in
-- a drain. event_histories now has no index on a column the pipeline changes, so those changes
-- are heap-only updates (room is left on each page for them), and the pipeline's picks read
-- job_queue: a narrow table of the PENDING, PROCESSING and FAILED jobs, kept by triggers from
-- event_histories, which stays the source of truth. A job leaves it when it succeeds.
DROP INDEX event_histories_status_idx;
DROP INDEX event_histories_type_idx;
DROP INDEX event_histories_batch_idx;
CREATE INDEX event_histories_type_idx ON event_histories (type, created_at);
CREATE INDEX event_histories_batch_idx ON event_histories (batch_id);
ALTER TABLE event_histories SET (fillfactor = 50);

CREATE TABLE job_queue (
    id          TEXT PRIMARY KEY REFERENCES event_histories (id) ON DELETE CASCADE,
    status      TEXT NOT NULL,
    run_at      TEXT NOT NULL,
    queued_at   TEXT,
    lease_until TEXT,
    created_at  TEXT NOT NULL
);
-- Due jobs the queue does not hold: never pushed, a failed push, a retry delay, a rescued orphan.
CREATE INDEX job_queue_unqueued_idx ON job_queue (run_at) WHERE status = 'PENDING' AND queued_at IS NULL;
-- Jobs pushed and still waiting: the sweeper pushes again those the queue lost.
CREATE INDEX job_queue_queued_idx ON job_queue (queued_at) WHERE status = 'PENDING' AND queued_at IS NOT NULL;
-- Running jobs by lease: the orphan rescue.
CREATE INDEX job_queue_lease_idx ON job_queue (lease_until) WHERE status = 'PROCESSING';
-- The monitors' failed jobs, newest first.
CREATE INDEX job_queue_failed_idx ON job_queue (created_at) WHERE status = 'FAILED';

INSERT INTO job_queue (id, status, run_at, queued_at, lease_until, created_at)
    SELECT id, status, run_at, queued_at, lease_until, created_at FROM event_histories WHERE status <> 'SUCCESS';

-- Once per statement, over the rows it wrote: a batch of claims or successes costs one trigger.
CREATE FUNCTION job_queue_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO job_queue (id, status, run_at, queued_at, lease_until, created_at)
        SELECT id, status, run_at, queued_at, lease_until, created_at FROM inserted WHERE status <> 'SUCCESS';
    RETURN NULL;
END
$$;

-- SUCCESS is final (only a FAILED job is queued again), so a job that is not done has its row.
CREATE FUNCTION job_queue_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM job_queue q USING updated u WHERE q.id = u.id AND u.status = 'SUCCESS';
    UPDATE job_queue q
        SET status = u.status, run_at = u.run_at, queued_at = u.queued_at, lease_until = u.lease_until
        FROM updated u
        WHERE q.id = u.id AND u.status <> 'SUCCESS'
          AND (q.status, q.run_at, q.queued_at, q.lease_until) IS DISTINCT FROM (u.status, u.run_at, u.queued_at, u.lease_until);
    RETURN NULL;
END
$$;

CREATE TRIGGER event_histories_queue_inserted AFTER INSERT ON event_histories
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION job_queue_inserted();
CREATE TRIGGER event_histories_queue_updated AFTER UPDATE ON event_histories
    REFERENCING NEW TABLE AS updated FOR EACH STATEMENT EXECUTE FUNCTION job_queue_updated();

-- The Redis server instance (its run_id) each queue was last seen on. A new one means Redis
-- restarted and may have lost every waiting id: the sweeper that notices pushes them all again.
CREATE TABLE queue_instances (
    queue      TEXT PRIMARY KEY,
    instance   TEXT NOT NULL,
    seen_at    TEXT NOT NULL
);
