-- Export runs (one row per run of a template over a scope; the file lives in the blob store) and saved
-- views of the SKU table (named filters that scope_type=view resolves at run time).

CREATE TABLE IF NOT EXISTS export_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  template_id text,
  template_name text NOT NULL,
  template_version text,
  template_format text NOT NULL,
  scope_type text NOT NULL,
  scope_value text,
  sku_ids jsonb,
  sku_count integer NOT NULL DEFAULT 0,
  dossier_snapshot_hash text,
  status text NOT NULL DEFAULT 'pending',
  output_key text,
  output_filename text,
  output_content_type text,
  output_size_bytes bigint,
  warning_count integer NOT NULL DEFAULT 0,
  warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
  progress jsonb,
  error_message text,
  job_run_id uuid,
  created_by uuid,
  created_by_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX IF NOT EXISTS export_runs_workspace_idx ON export_runs (workspace_id, created_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS saved_views_name_idx ON saved_views (workspace_id, lower(name));
