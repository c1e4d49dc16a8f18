-- The trigger's statements find job_queue rows by id: the planner knows nothing of a transition
-- table's size and otherwise hashes it against a scan of the whole job_queue, for every batch of
-- claims (about a third of the database's time in a drain). Without JIT: a plan priced with a
-- disabled scan would be compiled, tens of ms. (PostgreSQL only: SQLite's triggers are per row.)
ALTER FUNCTION job_queue_updated() SET enable_seqscan = off;
ALTER FUNCTION job_queue_updated() SET jit = off;
