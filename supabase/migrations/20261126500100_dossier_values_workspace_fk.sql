-- dossier_values.workspace_id needs no foreign key of its own: every value belongs to a SKU (sku_id
-- references skus ON DELETE CASCADE) and the SKU to the workspace (skus.workspace_id references
-- workspaces ON DELETE CASCADE), so deleting a workspace still deletes its values, through the SKUs.
-- The key cost every inserted value a lookup of the workspace row (about a sixth of an imported
-- value's insert, which a 100k-row import does a million times).
ALTER TABLE dossier_values DROP CONSTRAINT IF EXISTS dossier_values_workspace_id_fkey;
