-- Evidence status per document-SKU link (issue 33): only an accepted link satisfies a document
-- requirement. The status is decided by one rule (lib/documents/evidence-status.ts) from where the link
-- came from, a person's explicit decision, and the document's identity facts against the SKU's; it is
-- stored here so every reader (blockers, dossier, exports, public page, MCP) filters on one column.
--
--   link_origin      person | extraction | supplier_upload | inbound_mail
--   evidence_status  proposed | accepted | rejected | about_another_product (the rule's conclusion)
--   evidence_reason / evidence_facts / decided_*   why, with the facts and quotes, who and when
--   person_decision* a person's explicit accept / reject with reason (input to the rule);
--                    'legacy_link' marks a link a person made before this column existed
--
-- Data move: existing links are kept as their makers meant them, then re-checked by the rule at the
-- SKU's next re-evaluation.
--   * extraction links (link_source 'auto') -> origin extraction, accepted (they were made on the SKU's
--     exact GTIN or code); the rule re-checks them against the document's manufacturer and model.
--   * links of files a supplier sent (supplier_request_documents of a request for that SKU) -> origin
--     supplier_upload / inbound_mail; accepted if a person accepted them on the request (that person's
--     decision), otherwise proposed: they wait for a person, as new supplier files do.
--   * every other link was made by a person, when linking meant "this is the SKU's evidence": the person's
--     decision 'legacy_link', accepted. Unlike an explicit acceptance it does not outweigh the document's
--     own identity: a document naming another model or maker becomes about_another_product.
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS link_origin text NOT NULL DEFAULT 'person';
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS evidence_status text NOT NULL DEFAULT 'proposed';
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS evidence_reason text;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS evidence_facts jsonb;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS decided_by uuid;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS decided_by_label text;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS decided_at timestamptz;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS person_decision text;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS person_decision_reason text;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS person_decision_by uuid;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS person_decision_by_label text;
ALTER TABLE document_skus ADD COLUMN IF NOT EXISTS person_decision_at timestamptz;

ALTER TABLE document_skus DROP CONSTRAINT IF EXISTS document_skus_link_origin_check;
ALTER TABLE document_skus ADD CONSTRAINT document_skus_link_origin_check
  CHECK (link_origin IN ('person', 'extraction', 'supplier_upload', 'inbound_mail'));
ALTER TABLE document_skus DROP CONSTRAINT IF EXISTS document_skus_evidence_status_check;
ALTER TABLE document_skus ADD CONSTRAINT document_skus_evidence_status_check
  CHECK (evidence_status IN ('proposed', 'accepted', 'rejected', 'about_another_product'));
ALTER TABLE document_skus DROP CONSTRAINT IF EXISTS document_skus_person_decision_check;
ALTER TABLE document_skus ADD CONSTRAINT document_skus_person_decision_check
  CHECK (person_decision IS NULL OR person_decision IN ('accepted', 'rejected', 'legacy_link'));

-- Extraction links.
UPDATE document_skus SET link_origin = 'extraction', evidence_status = 'accepted',
  evidence_reason = 'Linked by extraction on the SKU''s exact GTIN or code.', decided_by_label = 'Evidence rule',
  decided_at = created_at
WHERE link_source = 'auto' AND evidence_reason IS NULL;

-- Files a supplier sent for this SKU.
UPDATE document_skus x SET
  link_origin = CASE WHEN d.source = 'inbound_email' THEN 'inbound_mail' ELSE 'supplier_upload' END,
  evidence_status = CASE WHEN d.status = 'accepted' THEN 'accepted' ELSE 'proposed' END,
  evidence_reason = CASE WHEN d.status = 'accepted' THEN coalesce(d.note, 'Accepted on the supplier request.')
    ELSE 'Sent by a supplier: waits for a person.' END,
  decided_by_label = CASE WHEN d.status = 'accepted' THEN d.decided_by_label ELSE 'Evidence rule' END,
  decided_at = coalesce(d.decided_at, x.created_at),
  person_decision = CASE WHEN d.status = 'accepted' THEN 'accepted' END,
  person_decision_reason = CASE WHEN d.status = 'accepted' THEN coalesce(d.note, 'Accepted on the supplier request.') END,
  person_decision_by_label = CASE WHEN d.status = 'accepted' THEN d.decided_by_label END,
  person_decision_at = CASE WHEN d.status = 'accepted' THEN d.decided_at END
FROM supplier_request_documents d
JOIN supplier_requests r ON r.id = d.request_id
WHERE d.document_id = x.document_id AND r.sku_id = x.sku_id AND x.link_source = 'manual'
  AND x.evidence_reason IS NULL;

-- Everything else a person linked.
UPDATE document_skus SET evidence_status = 'accepted',
  evidence_reason = 'Linked by a person before link decisions existed.', decided_by_label = 'Evidence rule',
  decided_at = created_at, person_decision = 'legacy_link',
  person_decision_reason = 'Linked by a person before link decisions existed.', person_decision_at = created_at
WHERE link_origin = 'person' AND evidence_reason IS NULL;
