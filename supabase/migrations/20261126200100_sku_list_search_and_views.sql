-- The SKU list searches the confirmed brand (a small partial index: one row per SKU that has a brand)
-- and manufacturers by name within a workspace. Saved views can hold SKUs added by hand from the list's
-- selection; a view of kind 'selection' holds only those, a 'filters' view its filter's SKUs plus them.
CREATE INDEX IF NOT EXISTS dossier_values_brand_idx ON dossier_values (workspace_id, sku_id)
  WHERE field_key = 'brand' AND status = 'confirmed' AND superseded_at IS NULL;
CREATE INDEX IF NOT EXISTS sku_entities_workspace_role_idx ON sku_entities (workspace_id, role, entity_id);

ALTER TABLE saved_views ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'filters';

CREATE TABLE IF NOT EXISTS saved_view_skus (
  view_id uuid NOT NULL REFERENCES saved_views(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  added_by uuid,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (view_id, sku_id)
);
CREATE INDEX IF NOT EXISTS saved_view_skus_sku_idx ON saved_view_skus (sku_id);
