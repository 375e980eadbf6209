-- Which sentence a link's evidence reason is (issue 42): the API keeps the English `evidence_reason`, the UI
-- says it in its own language from the code and its parameters (names, codes and quotes of the document).
-- Moves data: links whose reason is one of the rule's fixed sentences get its code; the others get theirs
-- when the rule next re-evaluates them (NULL until then: the UI shows the English sentence, marked as such).
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS evidence_reason_code text;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS evidence_reason_params jsonb;

UPDATE document_skus SET evidence_reason_code = CASE evidence_reason
    WHEN 'Nothing read from the document identifies this SKU yet; a person accepts it.' THEN 'nothing_identifies'
    WHEN 'Sent by a supplier: a person accepts it once it is checked against the SKU.' THEN 'supplier_file'
    WHEN 'Linked by a person before link decisions existed.' THEN 'legacy_link'
    WHEN 'Rejected by a person.' THEN 'person_rejected'
    WHEN 'The document is still being read: whether anything in it names another product is not known yet.'
      THEN 'still_reading'
  END,
  evidence_reason_params = '{}'::jsonb
WHERE evidence_reason_code IS NULL
  AND evidence_reason IN (
    'Nothing read from the document identifies this SKU yet; a person accepts it.',
    'Sent by a supplier: a person accepts it once it is checked against the SKU.',
    'Linked by a person before link decisions existed.',
    'Rejected by a person.',
    'The document is still being read: whether anything in it names another product is not known yet.'
  );
