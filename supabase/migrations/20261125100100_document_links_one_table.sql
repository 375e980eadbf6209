-- A document's SKUs were stored twice: the first link in documents.sku_id, more in document_skus.
-- document_skus is now the only place; the column's links move there and the column goes, so no
-- query can read one kind and miss the other. The API still answers sku_id (the first linked SKU).
INSERT INTO document_skus (workspace_id, document_id, sku_id, link_source)
SELECT d.workspace_id, d.id, d.sku_id, 'manual'
FROM documents d
JOIN skus s ON s.id = d.sku_id AND s.workspace_id = d.workspace_id
WHERE d.sku_id IS NOT NULL
ON CONFLICT (document_id, sku_id) DO NOTHING;

DROP INDEX IF EXISTS documents_sku_idx;
ALTER TABLE documents DROP COLUMN IF EXISTS sku_id;
