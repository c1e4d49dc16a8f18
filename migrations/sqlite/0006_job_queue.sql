-- The jobs not done yet, apart from the record of every job (see the PostgreSQL migration: there
-- it turns the pipeline's status changes into heap-only updates). The same tables and picks on
-- both engines: job_queue holds the PENDING, PROCESSING and FAILED jobs, kept by triggers from
-- event_histories, which stays the source of truth. A job leaves it when it succeeds.
DROP INDEX event_histories_status_idx;
DROP INDEX event_histories_type_idx;
DROP INDEX event_histories_batch_idx;
CREATE INDEX event_histories_type_idx ON event_histories (type, created_at);
CREATE INDEX event_histories_batch_idx ON event_histories (batch_id);

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

CREATE TRIGGER event_histories_queue_inserted AFTER INSERT ON event_histories WHEN NEW.status <> 'SUCCESS'
BEGIN
    INSERT INTO job_queue (id, status, run_at, queued_at, lease_until, created_at)
        VALUES (NEW.id, NEW.status, NEW.run_at, NEW.queued_at, NEW.lease_until, NEW.created_at);
END;

-- SUCCESS is final (only a FAILED job is queued again), so a job that is not done has its row.
CREATE TRIGGER event_histories_queue_done AFTER UPDATE OF status ON event_histories WHEN NEW.status = 'SUCCESS'
BEGIN
    DELETE FROM job_queue WHERE id = NEW.id;
END;

CREATE TRIGGER event_histories_queue_updated AFTER UPDATE OF status, run_at, queued_at, lease_until ON event_histories
    WHEN NEW.status <> 'SUCCESS'
BEGIN
    UPDATE job_queue SET status = NEW.status, run_at = NEW.run_at, queued_at = NEW.queued_at, lease_until = NEW.lease_until
        WHERE id = NEW.id;
END;

-- The Redis server instance (its run_id) each queue was last seen on. A new one means Redis
-- restarted and may have lost every waiting id: the sweeper that notices pushes them all again.
CREATE TABLE queue_instances (
    queue      TEXT PRIMARY KEY,
    instance   TEXT NOT NULL,
    seen_at    TEXT NOT NULL
);
