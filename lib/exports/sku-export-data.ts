import type { SkuReadModel } from '@/lib/skus/read-model';

/**
 * The SkuExport document built from a SKU's read model (lib/exports/sku-export.ts is the operation,
 * ./sku-export-csv.ts its CSV form; both build on this file).
 */

export const SKU_EXPORT_SCHEMA_VERSION = '2026-04-28';

function blockerItem(b: SkuReadModel['blockers'][number]) {
  const extra = b as typeof b & {
    key?: string;
    legal_basis?: string;
    waivable?: boolean;
    details?: Record<string, unknown>;
  };
  return {
    code: b.code,
    key: extra.key ?? b.code,
    severity: b.severity,
    message: b.message,
    required_fields: b.required_fields ?? [],
    required_document_types: b.required_document_types ?? [],
    legal_basis: extra.legal_basis ?? null,
    status: b.waived ? ('waived' as const) : ('open' as const),
    waived: b.waived ? { by: b.waived.by, at: b.waived.at, reason: b.waived.reason } : null,
  };
}

export function buildSkuExport(model: SkuReadModel, exportedAt = new Date()) {
  const blockers = model.blockers.map(blockerItem);
  return {
    schema_version: SKU_EXPORT_SCHEMA_VERSION,
    exported_at: exportedAt.toISOString(),
    sku: { ...model.sku, status: model.status },
    dossier_fields: model.fields.map((f) => ({
      field_key: f.field_key,
      section: f.section,
      label: f.label,
      value: f.value,
      status: 'confirmed' as const,
      source: f.source,
      provenance: f.provenance,
      confidence: f.confidence,
      confirmed_by: f.confirmed_by,
      confirmed_at: f.confirmed_at,
    })),
    entities: model.entities.map((e) => ({ role: e.role, ...e.entity })),
    documents: model.documents.map((d) => ({
      id: d.row.id,
      filename: d.row.filename,
      document_type: d.row.documentType,
      mime_type: d.row.mimeType,
      size_bytes: d.row.sizeBytes,
      sha256: d.row.sha256,
      issued_on: d.row.issuedOn,
      valid_until: d.row.validUntil,
      expired: d.expired,
      is_public: d.row.isPublic,
      linked_via: d.linked_via,
      evidence_status: d.evidence_status,
      evidence_reason: d.evidence_reason,
      uploaded_at: d.row.createdAt.toISOString(),
    })),
    warnings: blockers.filter((b) => b.severity === 'warning'),
    issues: [
      ...blockers.filter((b) => b.severity === 'blocker').map((b) => ({ kind: 'blocker' as const, ...b })),
      ...model.review_issues.map(({ kind, ...r }) => ({ ...r, kind: 'review_issue' as const, issue_kind: kind })),
    ],
    waivers: model.waivers,
    open_suggestion_count: model.open_suggestion_count,
    requirement_profile_id: model.evaluation.profile_id,
    audit_summary: model.audit,
  };
}

export type SkuExport = ReturnType<typeof buildSkuExport>;
