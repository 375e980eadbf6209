-- Supplier answers (issue 39): what a supplier answers to an asked field, through the link page or in a
-- reply, becomes a dossier suggestion of the new source 'supplier_answer' (a person confirms it); the
-- request keeps which answer came for which item (and the quoted line of a reply).
ALTER TABLE dossier_values DROP CONSTRAINT IF EXISTS dossier_values_source_check;
ALTER TABLE dossier_values ADD CONSTRAINT dossier_values_source_check
  CHECK (source IN ('manual', 'import', 'document_extraction', 'ai_suggestion', 'entity_sync', 'supplier_answer'));

CREATE TABLE IF NOT EXISTS supplier_request_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES supplier_requests(id) ON DELETE CASCADE,
  item_key text NOT NULL,
  field_key text NOT NULL,
  value text NOT NULL,
  dossier_value_id uuid,
  via text NOT NULL CHECK (via IN ('upload_link', 'inbound_email')),
  quote text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS supplier_request_answers_request_idx ON supplier_request_answers (request_id, created_at);
