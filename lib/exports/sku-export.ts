/**
 * The SkuExport of the contract: one SKU with its confirmed dossier values (with provenance), linked
 * entities, documents, warnings, issues (blockers, with who waived them, when and why) and an audit
 * summary. Only confirmed values appear as dossier fields; open suggestions are counted, never shown
 * as data.
 */
import type { Actor } from '@/lib/auth/context';
import { recordAudit } from '@/lib/audit';
import type { Db } from '@/lib/db/client';
import { loadSkuReadModel } from '@/lib/skus/read-model';
import { skuExportToCsv } from './sku-export-csv';
import { buildSkuExport } from './sku-export-data';

export { buildSkuExport, SKU_EXPORT_SCHEMA_VERSION, type SkuExport } from './sku-export-data';

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
  const model = await loadSkuReadModel(db, { workspaceId: args.workspaceId, skuId: args.id });
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
