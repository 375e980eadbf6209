-- A running job refreshes heartbeat_at; a run whose heartbeat stops (its process died) is re-queued.
ALTER TABLE job_runs ADD COLUMN IF NOT EXISTS heartbeat_at timestamptz;
CREATE INDEX IF NOT EXISTS job_runs_status_idx ON job_runs (status, heartbeat_at);
