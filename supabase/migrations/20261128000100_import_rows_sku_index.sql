-- An import no longer writes an audit event per SKU it creates: a SKU's activity reads its creation from
-- its import row (lib/skus/activity.ts), by sku_id. The same index serves deleting a SKU, which sets
-- import_rows.sku_id to null (the foreign key's ON DELETE SET NULL) and read every import row to find
-- them. Partial: rows that name no SKU (failed, skipped) are never looked up by it.
CREATE INDEX IF NOT EXISTS import_rows_sku_idx ON import_rows (sku_id) WHERE sku_id IS NOT NULL;
