import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A run of pages of a document that reads as evidence of another type (lib/classify/parts.ts). */
export interface DocumentEvidencePart {
  type: DocumentType;
  page_from: number;
  page_to: number;
  confidence: number;
}

export type DocumentType =
  | 'declaration_of_conformity'
  | 'test_report'
  | 'risk_assessment'
  | 'cpsr'
  | 'safety_data_sheet'
  | 'manual'
  | 'certificate'
  | 'other';

export type LinkOrigin = 'person' | 'extraction' | 'supplier_upload' | 'inbound_mail';
export type EvidenceStatus = 'proposed' | 'accepted' | 'rejected' | 'about_another_product';

export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  sha256: text('sha256').notNull(),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  documentType: text('document_type').$type<DocumentType>().notNull().default('other'),
  classificationConfidence: real('classification_confidence'),
  classificationSource: text('classification_source').$type<'rule' | 'llm' | 'manual'>().notNull().default('rule'),
  artifactKind: text('artifact_kind'),
  classification: jsonb('classification').$type<Record<string, unknown> | null>(),
  detectedLanguage: text('detected_language'),
  snippet: text('snippet'),
  snippetSource: text('snippet_source'),
  textCache: text('text_cache'),
  /** Evidence parts inside the document (lib/classify/parts.ts), set by the extraction; null before. */
  evidenceParts: jsonb('evidence_parts').$type<DocumentEvidencePart[] | null>(),
  issuedOn: date('issued_on', { mode: 'string' }),
  validUntil: date('valid_until', { mode: 'string' }),
  isPublic: boolean('is_public').notNull().default(false),
  status: text('status').notNull().default('ready'),
  uploadedBy: uuid('uploaded_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const documentSkus = pgTable(
  'document_skus',
  {
    workspaceId: uuid('workspace_id').notNull(),
    documentId: uuid('document_id').notNull(),
    skuId: uuid('sku_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** 'manual' or 'auto' (extraction found the SKU's exact GTIN or code; see lib/evidence/sku-matching.ts). */
    linkSource: text('link_source').$type<'manual' | 'auto'>().notNull().default('manual'),
    linkEvidence: jsonb('link_evidence').$type<{ kind: string; value: string; quote: string | null }[] | null>(),
    /** Who made the link (lib/evidence/status.ts decides what each origin needs to count). */
    linkOrigin: text('link_origin').$type<LinkOrigin>().notNull().default('person'),
    /** Whether the document is evidence about this SKU; only 'accepted' satisfies a document requirement. */
    evidenceStatus: text('evidence_status').$type<EvidenceStatus>().notNull().default('proposed'),
    evidenceReason: text('evidence_reason'),
    /** Which sentence the reason is (lib/evidence/status.ts EVIDENCE_REASON_CODES), for the UI's language. */
    evidenceReasonCode: text('evidence_reason_code'),
    evidenceReasonParams: jsonb('evidence_reason_params').$type<Record<string, string> | null>(),
    evidenceFacts: jsonb('evidence_facts').$type<Record<string, unknown> | null>(),
    decidedBy: uuid('decided_by'),
    decidedByLabel: text('decided_by_label'),
    decidedAt: ts('decided_at'),
    /** A person's explicit decision, the rule's input ('legacy_link': linked before decisions existed). */
    personDecision: text('person_decision').$type<'accepted' | 'rejected' | 'legacy_link'>(),
    personDecisionReason: text('person_decision_reason'),
    personDecisionBy: uuid('person_decision_by'),
    personDecisionByLabel: text('person_decision_by_label'),
    personDecisionAt: ts('person_decision_at'),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.skuId] })],
);

export const documentExtractions = pgTable('document_extractions', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  documentId: uuid('document_id').notNull(),
  jobRunId: uuid('job_run_id'),
  status: text('status').notNull().default('completed'),
  method: text('method').notNull().default('rules'),
  pages: integer('pages'),
  textChars: integer('text_chars'),
  facts: jsonb('facts').$type<Record<string, unknown>[]>().notNull().default([]),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
