-- Evidence currency (issue 38, item 5): what the currency rules found about each document against the
-- Official Journal's lists and NANDO (lib/currency), kept so the daily re-evaluation can tell what is new.
-- A finding is one row per document and key; a finding that goes away is resolved (resolved_at), and one
-- that comes back is raised again (raised_at moves, resolved_at cleared).
CREATE TABLE IF NOT EXISTS currency_findings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  key text NOT NULL,
  code text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('blocker', 'warning', 'notice')),
  message text NOT NULL,
  legal_basis text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  data_version text NOT NULL,
  raised_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS currency_findings_document_key_idx ON currency_findings (document_id, key);
CREATE INDEX IF NOT EXISTS currency_findings_workspace_raised_idx ON currency_findings (workspace_id, raised_at DESC, id DESC);

-- The latest evaluation of each document: the day it stops proving compliance and why.
CREATE TABLE IF NOT EXISTS currency_document_status (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  stops_proving_on date,
  summary text NOT NULL,
  data_version text NOT NULL,
  evaluated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS currency_document_status_workspace_idx ON currency_document_status (workspace_id, stops_proving_on);
