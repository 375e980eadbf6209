/**
 * The SkuExport of the contract: one SKU with its confirmed dossier values (with provenance), linked
 * entities, documents, warnings, issues (blockers, with who waived them, when and why) and an audit
 * summary. Only confirmed values appear as dossier fields; open suggestions are counted, never shown
 * as data.
 */
import type { Actor } from '@/lib/auth/context';
import { recordAudit } from '@/lib/audit';
import type { Db } from '@/lib/db/client';
import { loadSkuReadModel, type SkuReadModel } from '@/lib/skus/read-model';
import { skuExportToCsv } from './sku-export-csv';

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

export function exportFilename(skuCode: string, format: 'json' | 'csv', at: Date) {
  // sku_code is limited to letters, digits, _ and - at creation, so it is safe in a header.
  return `sku-${skuCode.replace(/[^A-Za-z0-9_-]/g, '_')}-${at.toISOString().slice(0, 10)}.${format}`;
}

/**
 * The export operation: the document (JSON or CSV) and an audit record of who exported it, or with
 * dryRun a description of what it would contain, writing nothing.
 */
export async function exportSku(
  db: Db,
  args: { workspaceId: string; actor: Actor; id: string; format: 'json' | 'csv'; dryRun: boolean },
) {
  const model = await loadSkuReadModel(db, args.workspaceId, args.id);
  const now = new Date();
  const data = buildSkuExport(model, now);
  const filename = exportFilename(model.row.skuCode, args.format, now);
  if (args.dryRun) {
    return {
      kind: 'dry_run' as const,
      body: {
        dry_run: true as const,
        format: args.format,
        filename,
        counts: {
          dossier_fields: data.dossier_fields.length,
          entities: data.entities.length,
          documents: data.documents.length,
          warnings: data.warnings.length,
          issues: data.issues.length,
          open_suggestions: data.open_suggestion_count,
        },
      },
    };
  }
  await recordAudit(db, {
    workspaceId: args.workspaceId,
    actor: args.actor,
    action: 'sku.exported',
    targetType: 'sku',
    targetId: args.id,
    data: { format: args.format, dossier_fields: data.dossier_fields.length, documents: data.documents.length },
  });
  if (args.format === 'csv') return { kind: 'csv' as const, text: skuExportToCsv(data), filename };
  return { kind: 'json' as const, body: data, filename };
}
