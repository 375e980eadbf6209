-- Merging a duplicate entity into a survivor deletes the duplicate; this row keeps the duplicate's data
-- and exactly what moved (SKU links, dossier provenance, import candidates, supplier requests), so the
-- merge can be undone by putting those back.
CREATE TABLE IF NOT EXISTS entity_merges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  survivor_id uuid NOT NULL,
  merged_id uuid NOT NULL,
  merged_snapshot jsonb NOT NULL,
  moved jsonb NOT NULL DEFAULT '{}'::jsonb,
  actor_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  undone_at timestamptz,
  undone_by_label text
);
CREATE INDEX IF NOT EXISTS entity_merges_workspace_idx ON entity_merges (workspace_id, created_at);
CREATE INDEX IF NOT EXISTS entity_merges_survivor_idx ON entity_merges (survivor_id);
