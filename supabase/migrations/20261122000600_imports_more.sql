-- Imports, second step: what an entity candidate carries beyond the contract's proposed_values
-- (country, url, other spellings), and an index for the review's per-outcome listing.

ALTER TABLE import_entity_candidates ADD COLUMN IF NOT EXISTS details jsonb NOT NULL DEFAULT '{}'::jsonb;
CREATE INDEX IF NOT EXISTS import_rows_outcome_idx ON import_rows (batch_id, outcome, row_number);
