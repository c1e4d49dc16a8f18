-- When a job's handler started running, cleared when it ends. A job is PROCESSING from the
-- moment a worker claims it, and a worker claims up to twice its concurrency ahead, so PROCESSING
-- alone overstates what runs: a batch's progress counts only the jobs with running_at set.
-- Not copied to job_queue and not watched by its triggers: setting it costs one heap update.
ALTER TABLE event_histories ADD COLUMN running_at TEXT;
