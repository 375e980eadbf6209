-- A workspace's own mapping tables for channel exports (issue 40 part 1): e.g. Amazon's product type
-- per category code. A row overrides the shipped default of the same kind and key; value NULL says
-- "no mapping" (the SKUs of that key are warnings and stay out of the file).
CREATE TABLE IF NOT EXISTS export_channel_mappings (
  workspace_id uuid NOT NULL,
  kind text NOT NULL,
  source_key text NOT NULL,
  value text,
  updated_by uuid,
  updated_by_label text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, kind, source_key)
);
