import { z } from 'zod';
import { ClassificationResultSchema, DiagnosticSchema, DocumentTypeSchema, LocaleSchema } from '@/lib/classify/schemas';
import { zFile, zFiles } from '@/lib/http/form';
import { DateTime, Uuid, pageOf } from '@/lib/http/schemas';
import { MAX_BULK_FILES, MAX_FILE_BYTES } from './limits';
import {
  EVIDENCE_STATUSES,
  LINK_ORIGINS,
  EvidenceFactsSchema,
  EvidenceReasonCodeSchema,
  EvidenceReasonParamsSchema,
} from './evidence-schemas';

/**
 * Request and response shapes of the document operations: the contract's (bulk upload result,
 * orchestrate) and the preview routes agreed with the vault UI; the client imports their types.
 */

export const CLASSIFICATION_SOURCES = ['rule', 'llm', 'manual'] as const;
export type ClassificationSource = (typeof CLASSIFICATION_SOURCES)[number];

export const ARTIFACT_KINDS = ['product_data'] as const;

/** Per-file error codes of a bulk upload (besides the container skip reasons for parts). */
export const BULK_FILE_ERRORS = ['EMPTY_FILE', 'FILE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE', 'STORAGE_FAILED'] as const;

const IsoDate = z.iso.date();

/** Text fields of POST /api/documents/bulk, each at most once; no other fields. */
export const BulkUploadFieldsSchema = z.strictObject({
  sku_id: Uuid.optional(),
  document_type: DocumentTypeSchema.optional(),
  classification_confidence: z.coerce.number().min(0).max(1).optional(),
  classification_source: z.enum(CLASSIFICATION_SOURCES).optional(),
  artifact_kind: z.enum(ARTIFACT_KINDS).optional(),
});
export type BulkUploadFields = z.infer<typeof BulkUploadFieldsSchema>;

/** The form of POST /api/documents/bulk: 1 to 20 files (an oversize one is a per-file result) and the fields. */
export const BulkUploadForm = z.strictObject({
  files: zFiles({ maxBytes: MAX_FILE_BYTES, maxFiles: MAX_BULK_FILES, oversize: 'report' }),
  ...BulkUploadFieldsSchema.shape,
});

export const BulkResultItemSchema = z
  .object({
    filename: z.string(),
    status: z.enum(['uploaded', 'duplicate', 'error', 'skipped_quota']),
    document_id: Uuid.optional().describe('present for uploaded or duplicate'),
    error_code: z
      .string()
      .optional()
      .describe(
        'present when status is error: EMPTY_FILE, FILE_TOO_LARGE, UNSUPPORTED_FILE_TYPE, STORAGE_FAILED, or a container skip reason',
      ),
    message: z.string().optional(),
  })
  .meta({ id: 'BulkUploadResultItem' });
export type BulkResultItem = z.infer<typeof BulkResultItemSchema>;

export const BulkUploadResponseSchema = z
  .object({
    results: z.array(BulkResultItemSchema),
    summary: z.object({
      uploaded: z.number().int(),
      duplicate: z.number().int(),
      error: z.number().int(),
      skipped_quota: z.number().int().optional(),
    }),
  })
  .meta({ id: 'BulkUploadResponse' });
export type BulkUploadResponse = z.infer<typeof BulkUploadResponseSchema>;

export const ExtractionFactSchema = z.object({
  field_key: z.string(),
  value: z.string(),
  page: z.number().int().nullable(),
  quote: z.string(),
  confidence: z.number(),
});

/** What a document states that names a SKU: its GTIN, code or model number, with the quote. */
export const SkuMatchEvidence = z.object({
  kind: z.enum(['gtin', 'sku_code', 'model_number']),
  value: z.string(),
  quote: z.string().nullable(),
});

/** GET /api/documents/{id}/sku-matches: best first (GTIN, then SKU code, then model number). */
export const DocumentSkuMatches = z.object({
  matches: z.array(
    z.object({ sku_id: Uuid, sku_code: z.string(), product_name: z.string(), evidence: z.array(SkuMatchEvidence) }),
  ),
});
export type DocumentSkuMatches = z.infer<typeof DocumentSkuMatches>;

export const DocumentExtractionSchema = z
  .object({
    id: Uuid,
    status: z.string().describe('completed, no_text or failed'),
    method: z.string(),
    pages: z.number().int().nullable(),
    text_chars: z.number().int().nullable(),
    facts: z.array(ExtractionFactSchema),
    error: z.string().nullable(),
    created_at: DateTime,
  })
  .meta({ id: 'DocumentExtraction' });

export { EVIDENCE_STATUSES, LINK_ORIGINS, EvidenceFactsSchema };

export const DecideDocumentLinkInput = z.strictObject({
  decision: z.enum(['accept', 'reject']),
  reason: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .describe('Why; required to accept a document that is about another product (e.g. a family declaration).'),
});
export type DecideDocumentLinkInput = z.infer<typeof DecideDocumentLinkInput>;

export const DocumentLinkDecisionSchema = z
  .object({
    document_id: Uuid,
    sku_id: Uuid,
    evidence_status: z.enum(EVIDENCE_STATUSES),
    evidence_reason: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_at: DateTime.nullable(),
    changed: z.boolean().describe('Whether the decision changed the evidence status (and so the blockers).'),
  })
  .meta({ id: 'DocumentLinkDecision' });

export const DocumentSchema = z
  .object({
    id: Uuid,
    filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    sha256: z.string(),
    document_type: DocumentTypeSchema,
    classification_confidence: z.number().nullable(),
    classification_source: z.enum(CLASSIFICATION_SOURCES),
    artifact_kind: z.string().nullable(),
    detected_language: z.string().nullable(),
    snippet_source: z.string().nullable(),
    classification: ClassificationResultSchema.nullable(),
    diagnostic: DiagnosticSchema.nullable(),
    issued_on: IsoDate.nullable(),
    valid_until: IsoDate.nullable(),
    expired: z.boolean(),
    is_public: z.boolean(),
    status: z.string().describe('processing (extraction queued), ready, or unreadable (no text could be read)'),
    sku_ids: z.array(Uuid),
    skus: z.array(
      z.object({
        id: Uuid,
        sku_code: z.string(),
        product_name: z.string(),
        link_source: z.enum(['manual', 'auto']).optional(),
        link_evidence: z
          .array(z.object({ kind: z.string(), value: z.string(), quote: z.string().nullable() }))
          .nullable()
          .optional(),
        link_origin: z.enum(LINK_ORIGINS).optional(),
        evidence_status: z
          .enum(EVIDENCE_STATUSES)
          .optional()
          .describe('Only an accepted link satisfies a document requirement of the SKU.'),
        evidence_reason: z.string().nullable().optional(),
        evidence_reason_code: EvidenceReasonCodeSchema.optional(),
        evidence_reason_params: EvidenceReasonParamsSchema.optional(),
        evidence_facts: EvidenceFactsSchema.nullable().optional(),
        decided_by: z.string().nullable().optional(),
        decided_at: DateTime.nullable().optional(),
      }),
    ),
    created_at: DateTime,
    download_url: z.string(),
    extractions: z.array(DocumentExtractionSchema),
    evidence_parts: z
      .array(
        z.object({
          type: DocumentTypeSchema,
          page_from: z.number().int(),
          page_to: z.number().int(),
          confidence: z.number(),
        }),
      )
      .describe(
        'Evidence of another type inside this document, by page range (a declaration of conformity in the appendix of a manual); empty when none was found or the document is not read yet',
      ),
  })
  .meta({ id: 'Document' });
export type DocumentJson = z.infer<typeof DocumentSchema>;
export type DocumentExtraction = z.infer<typeof DocumentExtractionSchema>;

export const DocumentPage = pageOf(DocumentSchema);
export type DocumentPage = z.infer<typeof DocumentPage>;

export const DOCUMENT_STATUS_FILTERS = [
  'processing',
  'ready',
  'unreadable',
  'expired',
  'needs_review',
  'low_confidence',
] as const;

/** Below this a classification is shown as low confidence (the vault's status filter). */
export const LOW_CONFIDENCE = 0.6;

export const ListDocumentsQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  type: DocumentTypeSchema.optional(),
  sku_id: Uuid.optional(),
  status: z.enum(DOCUMENT_STATUS_FILTERS).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListDocumentsQuery = z.infer<typeof ListDocumentsQuery>;

export const PatchDocumentInput = z
  .strictObject({
    document_type: DocumentTypeSchema.optional(),
    valid_until: IsoDate.nullable().optional(),
    issued_on: IsoDate.nullable().optional(),
    is_public: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, {
    message: 'send at least one of document_type, valid_until, issued_on, is_public',
  })
  .meta({ id: 'PatchDocumentInput' });
export type PatchDocumentInput = z.infer<typeof PatchDocumentInput>;

export const ORCHESTRATE_ACTIONS = ['upload.classified', 'upload.routed', 'upload.needs_review'] as const;

export const OrchestrateInput = z
  .strictObject({
    action: z.enum(ORCHESTRATE_ACTIONS),
    filename: z.string().max(240).nullable().optional(),
    classification_type: z.string().max(100).nullable().optional(),
    confidence: z.number().min(0).max(1).nullable().optional(),
    destination: z.enum(['documentVault', 'importWizard', 'reviewQueue']).nullable().optional(),
    reasoning: z.string().max(500).nullable().optional(),
  })
  .meta({ id: 'UploadOrchestrateInput' });
export type OrchestrateInput = z.infer<typeof OrchestrateInput>;

// The job run's shape lives with the jobs (lib/jobs/schemas.ts); kept here for this slice's importers.
export { JobRunSchema, type JobRun } from '@/lib/jobs/schemas';

export const ReExtractResponseSchema = z
  .object({
    jobs: z.array(z.object({ id: Uuid, document_id: Uuid, status: z.string(), poll_url: z.string() })),
  })
  .meta({ id: 'ReExtractResponse' });
export type ReExtractResponse = z.infer<typeof ReExtractResponseSchema>;

/** The multipart form of POST /api/classify: the file only. */
export const ClassifyFileForm = z.strictObject({ file: zFile({ maxBytes: MAX_FILE_BYTES }) });

/** The form of POST /api/classify/containers: the container and the language of the reasoning. */
export const ContainerForm = z.strictObject({
  file: zFile({ maxBytes: MAX_FILE_BYTES, description: '.zip, .eml or RFC 2822 .msg' }),
  locale: LocaleSchema.optional(),
});

// The API's remaining request and response shapes (routes under /api/documents and the document routes under
// /api/skus and /api/v1 take them from here).

/** GET and PATCH /api/documents/{id}, GET /api/v1/documents/{id}: one document. */
export const DocumentResponse = z.object({ document: DocumentSchema });
/** DELETE /api/documents/{id}. */
export const DocumentDeletedResponse = z.object({ deleted_id: Uuid });
/** GET /api/skus/{id}/documents: the documents linked to the SKU. */
export const SkuDocumentList = z.object({ documents: z.array(DocumentSchema) });
/** PUT and DELETE /api/documents/{id}/skus/{skuId}. */
export const DocumentSkuParams = z.object({ id: Uuid, skuId: Uuid });
export const DocumentLinkedResponse = z.object({ linked: z.literal(true) });
export const DocumentUnlinkedResponse = z.object({ unlinked: z.literal(true) });
/** POST /api/skus/{id}/documents/{documentId}/decision. */
export const DocumentLinkDecisionResponse = z.object({ link: DocumentLinkDecisionSchema });
/** POST /api/upload/orchestrate. */
export const OrchestrateResponse = z.object({ ok: z.boolean() });
