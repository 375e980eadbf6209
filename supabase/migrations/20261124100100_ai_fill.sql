-- AI-assisted operations: AI-fill jobs of a SKU (one pending or processing per SKU), the AI token usage
-- each call spends (the per-plan monthly budget counts it), and the cache of product research answers.

CREATE TABLE IF NOT EXISTS ai_fill_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  job_run_id uuid,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'completed', 'completed_degraded', 'failed', 'cancelled')),
  fields_requested jsonb NOT NULL DEFAULT '[]'::jsonb,
  fields_explicit boolean NOT NULL DEFAULT false,
  progress jsonb,
  suggestions jsonb NOT NULL DEFAULT '[]'::jsonb,
  dropped jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text,
  degraded_reason text,
  provider text,
  model text,
  input_tokens integer NOT NULL DEFAULT 0,
  output_tokens integer NOT NULL DEFAULT 0,
  created_by uuid,
  created_by_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz
);
-- The one-live-job rule: a second POST while one is pending or processing meets this index (409).
CREATE UNIQUE INDEX IF NOT EXISTS ai_fill_jobs_live_idx ON ai_fill_jobs (sku_id) WHERE status IN ('pending', 'processing');
CREATE INDEX IF NOT EXISTS ai_fill_jobs_sku_idx ON ai_fill_jobs (sku_id, created_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS ai_usage (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  operation text NOT NULL,
  subject_id uuid,
  provider text,
  model text,
  input_tokens integer NOT NULL DEFAULT 0,
  output_tokens integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ai_usage_workspace_idx ON ai_usage (workspace_id, created_at);

CREATE TABLE IF NOT EXISTS product_research_cache (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  request_key text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sku_id, request_key)
);
