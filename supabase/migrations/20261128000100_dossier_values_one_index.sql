-- One index on a SKU's values instead of two. dossier_values_sku_idx (sku_id, field_key, created_at)
-- served the reads of a SKU's values (history, suggestions) and the partial unique
-- dossier_values_current_idx (sku_id, field_key) kept one current confirmed value per field; a new value
-- was an entry in both. This index does both jobs: its third key is true for a current confirmed value
-- and NULL otherwise, and NULLs never collide in a unique index, so a field still has at most one
-- current confirmed value (the same name, so a violation still names dossier_values_current_idx), and
-- its leading (sku_id, field_key) serve every read by SKU. A SKU's values are few, so reading them in
-- created_at order sorts them in memory instead of reading that order from an index.
-- Measured on Postgres 15, 160,000 imported values in one statement: 2.02 s with the two indexes,
-- 1.72 s with this one.
DROP INDEX IF EXISTS dossier_values_sku_idx;
DROP INDEX IF EXISTS dossier_values_current_idx;
CREATE UNIQUE INDEX IF NOT EXISTS dossier_values_current_idx ON dossier_values
  (sku_id, field_key, (CASE WHEN status = 'confirmed' AND superseded_at IS NULL THEN true END));
