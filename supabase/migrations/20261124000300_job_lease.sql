-- Job recovery while running (issue 18): a run is held by one delivery at a time.
-- lease_token: set when a delivery claims the run; its heartbeats, progress and completion only land
--   while the token is still theirs, so a worker that lost the run (recovery re-queued it) stops writing.
-- boss_job_id: the pg-boss job that currently carries the run; a queued run whose job is missing or
--   settled (a crash between the insert and the send) is sent again, and deliveries of older jobs are ignored.
ALTER TABLE job_runs ADD COLUMN IF NOT EXISTS lease_token uuid;
ALTER TABLE job_runs ADD COLUMN IF NOT EXISTS boss_job_id uuid;
-- Runs of one subject (a document's extractions, an import's run): recovery and "latest run" look them up.
CREATE INDEX IF NOT EXISTS job_runs_subject_idx ON job_runs (queue, subject_id);
-- Documents waiting for extraction, which recovery looks through on every pass.
CREATE INDEX IF NOT EXISTS documents_processing_idx ON documents (created_at) WHERE status = 'processing';
