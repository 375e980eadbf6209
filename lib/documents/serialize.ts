import type { documentExtractions } from '@/lib/db/schema';
import type { ClassificationResult, Diagnostic } from '@/lib/classify/schemas';
import type { DocumentRow, LinkedSku } from '@/lib/evidence/rows';
import type { DocumentJson } from './schemas';

export type { DocumentRow, LinkedSku };
export type ExtractionRow = typeof documentExtractions.$inferSelect;

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
