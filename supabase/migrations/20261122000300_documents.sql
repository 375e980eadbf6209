-- Compliance documents: stored once per workspace (SHA-256), typed, linked to SKUs, text cached.

CREATE TABLE IF NOT EXISTS documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sha256 text NOT NULL,
  filename text NOT NULL,
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  storage_key text NOT NULL,
  -- Legacy single-SKU link; the join table below is the general one.
  sku_id uuid REFERENCES skus(id) ON DELETE SET NULL,
  document_type text NOT NULL DEFAULT 'other' CHECK (document_type IN ('declaration_of_conformity', 'test_report', 'risk_assessment', 'cpsr', 'safety_data_sheet', 'manual', 'certificate', 'other')),
  classification_confidence real,
  classification_source text NOT NULL DEFAULT 'rule' CHECK (classification_source IN ('rule', 'llm', 'manual')),
  artifact_kind text,
  classification jsonb,
  detected_language text,
  snippet text,
  snippet_source text,
  text_cache text,
  issued_on date,
  valid_until date,
  is_public boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'ready',
  uploaded_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS documents_workspace_sha_idx ON documents (workspace_id, sha256);
CREATE INDEX IF NOT EXISTS documents_workspace_idx ON documents (workspace_id, created_at DESC);
CREATE INDEX IF NOT EXISTS documents_sku_idx ON documents (sku_id);

CREATE TABLE IF NOT EXISTS document_skus (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, sku_id)
);
CREATE INDEX IF NOT EXISTS document_skus_sku_idx ON document_skus (sku_id);

CREATE TABLE IF NOT EXISTS document_extractions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  job_run_id uuid,
  status text NOT NULL DEFAULT 'completed',
  method text NOT NULL DEFAULT 'rules',
  pages integer,
  text_chars integer,
  facts jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS document_extractions_doc_idx ON document_extractions (document_id, created_at DESC);
