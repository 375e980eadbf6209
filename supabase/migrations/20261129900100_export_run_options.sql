-- Per-run choices of the person exporting (approved_only, ebay_marketplace); {} keeps every default,
-- which is what runs created before this column meant.
ALTER TABLE export_runs ADD COLUMN IF NOT EXISTS options jsonb NOT NULL DEFAULT '{}'::jsonb;
