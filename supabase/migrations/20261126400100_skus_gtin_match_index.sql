-- Indexes for the lookups documents make against a large catalogue (lib/documents/matching.ts). No
-- data moves. (import_rows.sku_id stays without an index: only deleting a SKU looks rows up by it, for
-- its ON DELETE SET NULL, and an index there would cost every imported row a write.)
--
-- skus_workspace_gtin_idx (workspace_id, gtin) served no query: documents match a GTIN as GTIN-14,
-- lpad(gtin, 14, '0'), which that index cannot answer, so every uploaded document scanned all the
-- SKUs. It is replaced by an index on the expression the query uses.
DROP INDEX IF EXISTS skus_workspace_gtin_idx;
CREATE INDEX IF NOT EXISTS skus_workspace_gtin14_idx ON skus (workspace_id, lpad(gtin, 14, '0')) WHERE gtin IS NOT NULL;

-- A SKU code found in a document's text is compared case-insensitively: upper(sku_code).
CREATE INDEX IF NOT EXISTS skus_workspace_code_upper_idx ON skus (workspace_id, upper(sku_code));

-- A confirmed model number found in a document's text (only the current model_number values, a
-- small part of dossier_values).
CREATE INDEX IF NOT EXISTS dossier_values_model_number_idx ON dossier_values (workspace_id, upper(value))
  WHERE field_key = 'model_number' AND status = 'confirmed' AND superseded_at IS NULL;
