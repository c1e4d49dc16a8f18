-- A claim writes only job_queue's lease (see the PostgreSQL migration of the same name: there it
-- makes the claim a heap-only update). job_queue's status is PENDING for every job not done and
-- not failed, claimed or not; event_histories' status says which jobs run. The same picks on
-- both engines: the orphan rescue reads the jobs pushed, or due, longer than a lease ago.
DROP INDEX job_queue_lease_idx;
UPDATE job_queue SET status = 'PENDING' WHERE status = 'PROCESSING';

DROP TRIGGER event_histories_queue_updated;

CREATE TRIGGER event_histories_queue_updated AFTER UPDATE OF status, run_at, queued_at, lease_until ON event_histories
    WHEN NEW.status NOT IN ('SUCCESS', 'PROCESSING')
BEGIN
    UPDATE job_queue SET status = NEW.status, run_at = NEW.run_at, queued_at = NEW.queued_at, lease_until = NEW.lease_until
        WHERE id = NEW.id;
END;

CREATE TRIGGER event_histories_queue_claimed AFTER UPDATE OF status, lease_until ON event_histories
    WHEN NEW.status = 'PROCESSING'
BEGIN
    UPDATE job_queue SET lease_until = NEW.lease_until WHERE id = NEW.id;
END;
