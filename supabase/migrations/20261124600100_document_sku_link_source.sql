-- How a document came to be linked to a SKU: by a person ('manual') or by extraction finding the SKU's
-- exact GTIN or SKU code in the document ('auto'), with the evidence, so the link can be explained and undone.
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS link_source text NOT NULL DEFAULT 'manual';
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS link_evidence jsonb;
