-- job_queue's rows are written only by the statements that write their event_histories rows
-- (migration 0028), so its foreign key checked what cannot fail, at a price paid per enqueue: a
-- planned lookup through SPI and a row lock (a WAL record) on the job's new row, and a locked
-- row for the claim that follows to check. Sampled at 1,000 jobs a second, the check alone was
-- 4 % of PostgreSQL's time (docs/benchmarks.md, step 30). What the key also did, removing a
-- job's queue row with its record (a client's deletion cascades to its jobs), a statement
-- trigger on deletes does now: no insert or update pays for it.
ALTER TABLE job_queue DROP CONSTRAINT job_queue_id_fkey;

CREATE FUNCTION job_queue_records_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM job_queue q USING deleted d WHERE q.id = d.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER event_histories_queue_deleted AFTER DELETE ON event_histories
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION job_queue_records_deleted();
