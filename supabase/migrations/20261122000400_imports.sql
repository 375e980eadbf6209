-- Catalogue imports: batches, per-row outcomes (so a crash can resume without duplicates) and
-- entity candidates with their resolution decisions.

CREATE TABLE IF NOT EXISTS import_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  filename text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  file_format text,
  sha256 text,
  storage_key text,
  size_bytes bigint,
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  shape jsonb,
  mapping jsonb,
  total_rows integer,
  processed_rows integer NOT NULL DEFAULT 0,
  created_rows integer NOT NULL DEFAULT 0,
  updated_rows integer NOT NULL DEFAULT 0,
  skipped_rows integer NOT NULL DEFAULT 0,
  failed_rows integer NOT NULL DEFAULT 0,
  error_rows integer NOT NULL DEFAULT 0,
  error_message text,
  job_run_id uuid,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX IF NOT EXISTS import_batches_workspace_idx ON import_batches (workspace_id, created_at DESC);

CREATE TABLE IF NOT EXISTS import_rows (
  batch_id uuid NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  workspace_id uuid NOT NULL,
  sku_id uuid REFERENCES skus(id) ON DELETE SET NULL,
  sku_code text,
  outcome text NOT NULL CHECK (outcome IN ('created', 'updated', 'skipped', 'failed', 'error')),
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (batch_id, row_number)
);

CREATE TABLE IF NOT EXISTS import_entity_candidates (
  batch_id uuid NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL,
  role text NOT NULL,
  candidate_key text NOT NULL,
  proposed_values jsonb NOT NULL DEFAULT '{}'::jsonb,
  source_rows integer[] NOT NULL DEFAULT '{}',
  conflicts jsonb NOT NULL DEFAULT '[]'::jsonb,
  decision text,
  entity_id uuid,
  reason text,
  decided_at timestamptz,
  applied_at timestamptz,
  PRIMARY KEY (batch_id, role, candidate_key)
);
