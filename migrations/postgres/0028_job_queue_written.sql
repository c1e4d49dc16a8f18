-- job_queue is written by the statements that change a job, not by statement triggers.
--
-- The statement triggers of 0006 cost a PL/pgSQL call, two transition tables and two planned
-- statements per write, and their function's settings (enable_seqscan, jit) a switch of
-- settings per call: a quarter of the database's time when jobs come one by one (an enqueue,
-- a claim and a success each), and the share grew with every status round. Now:
--
-- - Inserts write job_queue in the same statement (a data-modifying WITH); there is no insert
--   trigger.
-- - The job pipeline's own connections (claims, successes, running marks, lease renewals) say
--   `SET sellerdesk.job_queue_written = on` and write job_queue in the same statement too.
-- - Every other update (the sweeper's marks, retries, failures, reschedules, orphan rescue) is
--   followed by a row trigger, fired only for a row whose status, run_at, queued_at or
--   lease_until changed and only on a connection that does not write job_queue itself: the
--   condition is checked without a function call, so the pipeline's statements pay nothing.
DROP TRIGGER event_histories_queue_inserted ON event_histories;
DROP TRIGGER event_histories_queue_updated ON event_histories;
DROP FUNCTION job_queue_inserted();
DROP FUNCTION job_queue_updated();

-- SUCCESS is final (only a FAILED job is queued again), so a job that is not done has its row.
CREATE FUNCTION job_queue_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'SUCCESS' THEN
        DELETE FROM job_queue WHERE id = NEW.id;
    ELSE
        UPDATE job_queue
            SET status = NEW.status, run_at = NEW.run_at, queued_at = NEW.queued_at, lease_until = NEW.lease_until
            WHERE id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER event_histories_queue_row_updated
    AFTER UPDATE OF status, run_at, queued_at, lease_until ON event_histories
    FOR EACH ROW
    WHEN (current_setting('sellerdesk.job_queue_written', true) IS DISTINCT FROM 'on'
          AND (OLD.status, OLD.run_at, OLD.queued_at, OLD.lease_until)
              IS DISTINCT FROM (NEW.status, NEW.run_at, NEW.queued_at, NEW.lease_until))
    EXECUTE FUNCTION job_queue_row_updated();
