import type { ExportWarning } from '@/lib/db/schema';
import type { RunRow } from './service';

export function serializeRun(r: RunRow) {
  const done = (r.status === 'completed' || r.status === 'completed_with_warnings') && r.outputKey;
  return {
    id: r.id,
    template_id: r.templateId,
    template_name: r.templateName,
    template_version: r.templateVersion,
    template_format: r.templateFormat,
    scope_type: r.scopeType,
    scope_value: r.scopeValue,
    sku_count: r.skuCount,
    dossier_snapshot_hash: r.dossierSnapshotHash,
    status: r.status,
    output_url: done ? `/api/exports/${r.id}/download` : null,
    output_filename: done ? r.outputFilename : null,
    output_size_bytes: done ? r.outputSizeBytes : null,
    warning_count: r.warningCount,
    error_message: r.errorMessage,
    progress: r.progress ?? null,
    options: r.options ?? {},
    started_at: r.startedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export function groupWarnings(warnings: ExportWarning[]) {
  const bySku = new Map<
    string,
    { sku_id: string | null; sku_code: string | null; warnings: Array<Omit<ExportWarning, 'sku_id' | 'sku_code'>> }
  >();
  for (const { sku_id, sku_code, ...w } of warnings) {
    const k = sku_id ?? '';
    if (!bySku.has(k)) bySku.set(k, { sku_id, sku_code, warnings: [] });
    bySku.get(k)!.warnings.push(w);
  }
  return [...bySku.values()];
}
