import type { documentExtractions, documents } from '@/lib/db/schema';
import type { ClassificationResult, Diagnostic } from '@/lib/classify/schemas';
import type { DocumentJson } from './schemas';

import type { EvidenceFacts, EvidenceReasonCode } from '@/lib/evidence/status';
import type { EvidenceStatus, LinkOrigin } from '@/lib/db/schema';

export type DocumentRow = typeof documents.$inferSelect;
export type ExtractionRow = typeof documentExtractions.$inferSelect;
export interface LinkedSku {
  id: string;
  sku_code: string;
  product_name: string;
  /** 'auto' when extraction linked the document by the SKU's exact GTIN or code (with the evidence). */
  link_source?: 'manual' | 'auto';
  link_evidence?: { kind: string; value: string; quote: string | null }[] | null;
  /** Whether the document is evidence about this SKU (lib/evidence/status.ts). */
  link_origin?: LinkOrigin;
  evidence_status?: EvidenceStatus;
  evidence_reason?: string | null;
  evidence_reason_code?: EvidenceReasonCode | null;
  evidence_reason_params?: Record<string, string> | null;
  evidence_facts?: EvidenceFacts | null;
  decided_by?: string | null;
  decided_at?: string | null;
}

export const documentFileUrl = (id: string) => `/api/documents/${id}/file`;

/** Today as YYYY-MM-DD (UTC), the form `valid_until` is compared in. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

export function isExpired(validUntil: string | null, today = todayIso()) {
  return validUntil !== null && validUntil < today;
}

/** The diagnostic a person still has to act on: none once the type was set by hand. */
export function openDiagnostic(row: Pick<DocumentRow, 'classification' | 'classificationSource'>): Diagnostic | null {
  if (row.classificationSource === 'manual') return null;
  const c = row.classification as ClassificationResult | null;
  return c?.diagnostic ?? null;
}

export function serializeExtraction(e: ExtractionRow) {
  return {
    id: e.id,
    status: e.status,
    method: e.method,
    pages: e.pages,
    text_chars: e.textChars,
    facts: (e.facts ?? []).map((f) => ({
      field_key: String(f.field_key ?? ''),
      value: String(f.value ?? ''),
      page: typeof f.page === 'number' ? f.page : null,
      quote: String(f.quote ?? ''),
      confidence: typeof f.confidence === 'number' ? f.confidence : 0,
    })),
    error: e.error,
    created_at: e.createdAt.toISOString(),
  };
}

export function serializeDocument(row: DocumentRow, skus: LinkedSku[], extractions: ExtractionRow[]): DocumentJson {
  return {
    id: row.id,
    filename: row.filename,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    document_type: row.documentType,
    classification_confidence: row.classificationConfidence,
    classification_source: row.classificationSource,
    artifact_kind: row.artifactKind,
    detected_language: row.detectedLanguage,
    snippet_source: row.snippetSource,
    classification: (row.classification as ClassificationResult | null) ?? null,
    diagnostic: openDiagnostic(row),
    issued_on: row.issuedOn,
    valid_until: row.validUntil,
    expired: isExpired(row.validUntil),
    is_public: row.isPublic,
    status: row.status,
    sku_ids: skus.map((s) => s.id),
    skus,
    created_at: row.createdAt.toISOString(),
    download_url: documentFileUrl(row.id),
    extractions: extractions.map(serializeExtraction),
    evidence_parts: row.evidenceParts ?? [],
  };
}
