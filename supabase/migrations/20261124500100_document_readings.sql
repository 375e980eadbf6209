-- Readings of files by content (issue 13): the text (OCR included) and the rules classification of a
-- file, keyed by workspace, SHA-256 of the bytes and the classifier version. The same bytes read again in
-- the same workspace (an upload after a delete, POST /api/classify, a re-extraction) come back without a
-- second OCR; a new classifier version reads them again. Never shared across workspaces.
CREATE TABLE IF NOT EXISTS document_readings (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sha256 text NOT NULL,
  classifier_version text NOT NULL,
  mime_type text NOT NULL,
  snippet_source text NOT NULL,
  -- Page texts joined by form feeds, bounded like documents.text_cache.
  text text NOT NULL,
  page_count integer,
  ocr boolean NOT NULL DEFAULT false,
  classification jsonb NOT NULL,
  read_ms integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, sha256, classifier_version)
);
