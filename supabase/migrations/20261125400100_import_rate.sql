-- The import's own throughput figures: when the current run began writing rows and how many rows were
-- already recorded then, so rows/s and the time left come from this run's progress alone (a resumed
-- run does not count the rows its predecessor wrote as its own speed).
ALTER TABLE import_batches ADD COLUMN IF NOT EXISTS writing_started_at timestamptz;
ALTER TABLE import_batches ADD COLUMN IF NOT EXISTS writing_started_rows integer;
